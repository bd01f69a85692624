import { ALARM_SORTS, type AlarmSort } from '@/domain/alarm-filter';
import type { DashboardUser } from '@/domain/alarm-dashboard';
import { SearchBox } from '~/components/lists/list-controls';
import { Label } from '~/components/ui/label';
import { Select } from '~/components/ui/select';
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
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="w-full min-w-0 sm:w-auto sm:min-w-72 sm:flex-1">
        <SearchBox label={searchLabel} value={search.q ?? ''} onSearch={onSearch} />
      </div>
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
    </div>
  );
}
