import { type ErrorComponentProps, Outlet, createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '~/components/layout/error-page';
import { NoAccessPage, NoAlarmAccess } from '~/features/alarm-area/no-access';
import { httpStatusOf } from '~/lib/trpc';

/** The alarm area: admins and installers (DESIGN.md §7); a customer gets a clear 'geen toegang'. */
export const Route = createFileRoute('/_auth/alarms')({
  beforeLoad: ({ context }) => {
    if (context.user.type === 'customer') throw new NoAlarmAccess();
  },
  errorComponent: AlarmAreaError,
  component: Outlet,
});

function AlarmAreaError(props: ErrorComponentProps) {
  if (props.error instanceof NoAlarmAccess || httpStatusOf(props.error) === 403) return <NoAccessPage />;
  return <ErrorPage {...props} />;
}
