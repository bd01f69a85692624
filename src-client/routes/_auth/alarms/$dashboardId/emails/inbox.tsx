import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ComingNext } from '~/features/alarms/coming-next';

/** `?email=<id>` opens one e-mail (the alarm panel links here). */
const inboxSearchSchema = v.object({ email: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined) });

export const Route = createFileRoute('/_auth/alarms/$dashboardId/emails/inbox')({
  validateSearch: inboxSearchSchema,
  component: () => <ComingNext title="Ontvangen e-mails" description="De e-mails die bij dit dashboard zijn binnengekomen, met hoe ze zijn verwerkt." />,
});
