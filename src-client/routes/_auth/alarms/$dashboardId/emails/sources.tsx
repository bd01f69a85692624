import { createFileRoute } from '@tanstack/react-router';
import { ComingNext } from '~/features/alarms/coming-next';

export const Route = createFileRoute('/_auth/alarms/$dashboardId/emails/sources')({
  component: () => <ComingNext title="Bronnen" description="De e-mailbronnen (IMAP en Microsoft 365) waaruit dit dashboard alarmen haalt." />,
});
