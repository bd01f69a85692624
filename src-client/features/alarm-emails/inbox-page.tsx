import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EMAIL_SORTS, PARSING_STATUSES, parsingStatusLabels } from '@/domain/alarm-email';
import { PageHeader } from '~/components/layout/page-header';
import { Pager } from '~/components/lists/list-controls';
import { QueryRows } from '~/components/lists/query-rows';
import { Label } from '~/components/ui/label';
import { Select } from '~/components/ui/select';
import { useTRPC } from '~/lib/trpc';
import { EmailPanel } from './email-panel';
import { EmailTable } from './email-table';
import { type InboxSearch, type ParsingStatus, emailListInput, emailSortLabels } from './inbox-search';
import { ReparseRejectedButton } from './reparse';

/** New mail arrives without anyone acting (IDLE, polling), so an open inbox asks again now and then. */
const REFRESH_MS = 15_000;

/** The dashboard's stored e-mails: filter by status, sort, page, and open one in the side panel. */
export function InboxPage({
  dashboardId,
  search,
  onSearchChange,
}: {
  dashboardId: number;
  search: InboxSearch;
  onSearchChange: (next: Partial<InboxSearch>) => void;
}) {
  const trpc = useTRPC();
  const list = useQuery(
    trpc.alarmEmail.list.queryOptions(emailListInput(dashboardId, search), { placeholderData: keepPreviousData, refetchInterval: REFRESH_MS }),
  );
  const rows = list.data?.emails;
  return (
    <section className="grid [&>:first-child]:mb-0 min-w-0 gap-4">
      <PageHeader
        title="Ontvangen e-mails"
        description="De e-mails die bij dit dashboard zijn binnengekomen, met hoe ze zijn verwerkt."
        actions={<ReparseRejectedButton dashboardId={dashboardId} />}
      />
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-0 flex-1 gap-1.5 sm:w-56 sm:flex-none">
          <Label htmlFor="email-status">Status</Label>
          <Select
            id="email-status"
            value={search.status ?? ''}
            onChange={(e) => onSearchChange({ status: (e.target.value || undefined) as ParsingStatus | undefined, page: undefined })}
          >
            <option value="">Alle</option>
            {PARSING_STATUSES.map((status) => (
              <option key={status} value={status}>
                {parsingStatusLabels[status]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid min-w-0 flex-1 gap-1.5 sm:w-48 sm:flex-none">
          <Label htmlFor="email-sort">Sorteren</Label>
          <Select
            id="email-sort"
            value={search.sort ?? 'receivedAt,desc'}
            onChange={(e) => onSearchChange({ sort: e.target.value as InboxSearch['sort'], page: undefined })}
          >
            {EMAIL_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {emailSortLabels[sort]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <QueryRows
        query={list}
        rows={rows}
        empty={search.status ? `Geen e-mails met de status ‘${parsingStatusLabels[search.status]}’.` : 'Er zijn nog geen e-mails binnengekomen.'}
      >
        {(emails) => <EmailTable rows={emails} openId={search.email} onOpen={(email) => onSearchChange({ email })} />}
      </QueryRows>
      <Pager page={search.page ?? 1} totalPages={list.data?.totalNumberOfPages ?? 0} onPage={(page) => onSearchChange({ page })} />
      {search.email ? (
        <EmailPanel
          emailId={search.email}
          backToAlarm={search.fromAlarm ? { dashboardId, alarmId: search.fromAlarm } : undefined}
          onClose={() => onSearchChange({ email: undefined, fromAlarm: undefined })}
        />
      ) : null}
    </section>
  );
}
