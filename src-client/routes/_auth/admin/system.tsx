import { createFileRoute, redirect } from '@tanstack/react-router';
import { BackupSection } from '~/features/backups/backup-section';
import { SystemPage } from '~/features/system/system-page';

export const Route = createFileRoute('/_auth/admin/system')({
  beforeLoad: ({ context }) => {
    if (context.user.type !== 'admin') throw redirect({ to: '/admin' });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.system.status.queryOptions()),
  component: SystemRoute,
});

function SystemRoute() {
  return <SystemPage backups={(backup) => <BackupSection backup={backup} />} />;
}
