import { type ErrorComponentProps, type NotFoundRouteProps, Outlet, createFileRoute, notFound } from '@tanstack/react-router';
import { ErrorPage } from '~/components/layout/error-page';
import { NotFoundPage } from '~/components/layout/not-found-page';
import { NO_ALARM_ACCESS, NoAccessPage } from '~/features/alarm-area/no-access';
import { httpStatusOf } from '~/lib/trpc';

/**
 * The alarm area: admins and installers; a customer gets a clear 'geen toegang'.
 * That is a not-found answer with its own page, not an error: the router logs thrown errors to
 * the console as uncaught, and nothing went wrong here.
 */
export const Route = createFileRoute('/_auth/alarms')({
  beforeLoad: ({ context }) => {
    if (context.user.type === 'customer') throw notFound({ data: NO_ALARM_ACCESS });
  },
  errorComponent: AlarmAreaError,
  notFoundComponent: AlarmAreaNotFound,
  component: Outlet,
});

function AlarmAreaError(props: ErrorComponentProps) {
  if (httpStatusOf(props.error) === 403) return <NoAccessPage />;
  return <ErrorPage {...props} />;
}

function AlarmAreaNotFound({ data }: NotFoundRouteProps) {
  return data === NO_ALARM_ACCESS ? <NoAccessPage /> : <NotFoundPage />;
}
