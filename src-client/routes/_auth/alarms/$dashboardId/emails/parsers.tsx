import { createFileRoute } from '@tanstack/react-router';
import { ComingNext } from '~/features/alarms/coming-next';

export const Route = createFileRoute('/_auth/alarms/$dashboardId/emails/parsers')({
  component: () => <ComingNext title="Parsers" description="De parsers die van een e-mail een alarm maken." />,
});
