import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { previousMonth } from '@/domain/customer-view';
import { locationIdOf } from '@/domain/dashboard';
import { todayLocal } from '@/lib/amsterdam';
import { MonthReportPage } from '~/features/customer-views/month-report-page';

const searchSchema = v.object({ month: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/))), undefined) });

export const Route = createFileRoute('/_auth/dashboard/$locationSelector/maandrapport')({
  validateSearch: searchSchema,
  beforeLoad: ({ params }) => {
    if (!locationIdOf(params.locationSelector)) throw notFound();
  },
  component: MonthReportRoute,
});

function MonthReportRoute() {
  const { user } = Route.useRouteContext();
  const { locationSelector } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <MonthReportPage
      user={user}
      locationId={locationIdOf(locationSelector)!}
      locationSelector={locationSelector}
      month={search.month ?? previousMonth(todayLocal())}
      onMonth={(month) => void navigate({ search: { month }, replace: true })}
    />
  );
}
