import { ALARM_SORTS, type AlarmSort } from '@/domain/alarm-filter';
import type { DashboardUser } from '@/domain/alarm-dashboard';
import { SearchBox } from '~/components/lists/list-controls';
import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { Select } from '~/components/ui/select';
import { useIsMobile } from '~/lib/use-is-mobile';
import { AlarmFilters } from './alarm-filters';
import { userName } from './alarm-format';
import type { FolderSearch } from './folder-search';
import { sortLabels } from './folder-search';

/** Search (debounced, in the URL), sort, the assignee filter (iedereen, mij, niemand or one user), priorities and acknowledged. */
export function AlarmToolbar({
  search,
  users,
  meId,
  onSearch,
  onChange,
  locations,
  searchLabel = 'Zoek in meldingen en gegevens',
}: {
  search: FolderSearch;
  locations: { id: number; name: string }[];
  searchLabel?: string;
  users: DashboardUser[];
  meId: number;
  onSearch: (q: string) => void;
  onChange: (next: Partial<FolderSearch>) => void;
}) {
  const assignee = search.assignee === undefined ? '' : String(search.assignee);
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const searchBox = <SearchBox label={searchLabel} value={search.q ?? ''} onSearch={onSearch} />;
  const filters = (
    <>
      <div className="grid min-w-0 flex-1 basis-40 gap-1.5 sm:w-56 sm:flex-none sm:basis-auto">
        <Label htmlFor="alarm-sort">Sorteren</Label>
        <Select id="alarm-sort" value={search.sort ?? 'receivedAt,desc'} onChange={(e) => onChange({ sort: e.target.value as AlarmSort, page: undefined })}>
          {ALARM_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {sortLabels[sort]}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid min-w-0 flex-1 basis-40 gap-1.5 sm:w-48 sm:flex-none sm:basis-auto">
        <Label htmlFor="alarm-assignee">Toegewezen aan</Label>
        <Select
          id="alarm-assignee"
          value={assignee}
          onChange={(e) => {
            const value = e.target.value;
            onChange({ assignee: value === '' ? undefined : value === 'me' || value === 'none' ? value : Number(value), page: undefined });
          }}
        >
          <option value="">Iedereen</option>
          <option value="me">Mij</option>
          <option value="none">Niemand</option>
          {users
            .filter((u) => u.id !== meId)
            .map((u) => (
              <option key={u.id} value={u.id}>
                {userName(u)}
              </option>
            ))}
        </Select>
      </div>
      <AlarmFilters search={search} onChange={onChange} locations={locations} />
    </>
  );
  if (!mobile) {
    return (
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full min-w-0 sm:w-auto sm:min-w-72 sm:flex-1">{searchBox}</div>
        {filters}
      </div>
    );
  }
  // On a phone the list comes first: sort and filters fold behind one button that counts what is set.
  const count = activeFilters(search);
  return (
    <div className="grid gap-3">
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">{searchBox}</div>
        <Button variant="outline" aria-expanded={open} aria-controls="alarm-filter-panel" onClick={() => setOpen(!open)}>
          <SlidersHorizontal aria-hidden className="size-4" />
          Filters
          {count > 0 ? (
            <>
              <span aria-hidden className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
                {count}
              </span>
              <span className="sr-only">({count} actief)</span>
            </>
          ) : null}
        </Button>
      </div>
      {open ? (
        <div id="alarm-filter-panel" className="flex flex-wrap items-end gap-3 rounded-md border border-border bg-muted/40 p-3">
          {filters}
        </div>
      ) : null}
    </div>
  );
}

/** How many filters narrow the list (the search and the sort are not counted: they are in view or do not narrow). */
function activeFilters(s: FolderSearch) {
  const custom = s.period === undefined && Boolean(s.from || s.to);
  return [s.assignee, s.priority, s.acknowledged, s.resolved, s.overdue, s.locationId, s.period].filter((x) => x !== undefined).length + (custom ? 1 : 0);
}
