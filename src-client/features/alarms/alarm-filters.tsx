import { Check } from 'lucide-react';
import { PRIORITIES, type Priority, priorityLabels } from '@/domain/alarm-dashboard';
import { priorityStyles } from '~/components/alarms/priority-badge';
import { Label } from '~/components/ui/label';
import { Select } from '~/components/ui/select';
import { cn } from '~/lib/cn';
import { PERIODS, periodLabels } from '@/domain/alarm-filter';
import { type FolderSearch, prioritiesOf, priorityParam } from './folder-search';

const HIGH_FIRST = [...PRIORITIES].reverse();

/** The lifecycle filters: priorities (any mix; none pressed is all) and acknowledged or not. */
const yesNo = (value: boolean | undefined) => (value === undefined ? '' : String(value));
const fromYesNo = (value: string) => (value === '' ? undefined : value === 'true');
const field = 'grid min-w-0 flex-1 basis-40 gap-1.5 sm:w-44 sm:flex-none sm:basis-auto';

export function AlarmFilters({
  search,
  onChange,
  locations,
}: {
  search: FolderSearch;
  onChange: (next: Partial<FolderSearch>) => void;
  locations: { id: number; name: string }[];
}) {
  const chosen = prioritiesOf(search.priority);
  const toggle = (p: Priority) => onChange({ priority: priorityParam(chosen.includes(p) ? chosen.filter((c) => c !== p) : [...chosen, p]), page: undefined });
  return (
    <>
      <div role="group" aria-labelledby="alarm-priority-filter" className="grid shrink-0 gap-1.5">
        <span id="alarm-priority-filter" className="text-sm leading-none font-medium">
          Prioriteit
        </span>
        <div className="flex h-9 gap-1">
          {HIGH_FIRST.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={chosen.includes(p)}
              onClick={() => toggle(p)}
              className={cn(
                'inline-flex items-center gap-1 rounded-md border px-2.5 text-sm font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none',
                chosen.includes(p) ? priorityStyles[p].badge : 'border-input bg-background text-muted-foreground hover:bg-muted',
              )}
            >
              {/* Pressed reads from the check too, not from the colour alone. */}
              {chosen.includes(p) ? <Check aria-hidden className="size-3.5" /> : null}
              {priorityLabels[p]}
            </button>
          ))}
        </div>
      </div>
      <div className="grid min-w-0 flex-1 basis-40 gap-1.5 sm:w-44 sm:flex-none sm:basis-auto">
        <Label htmlFor="alarm-acknowledged">Bevestigd</Label>
        <Select
          id="alarm-acknowledged"
          value={search.acknowledged === undefined ? '' : String(search.acknowledged)}
          onChange={(e) => onChange({ acknowledged: e.target.value === '' ? undefined : e.target.value === 'true', page: undefined })}
        >
          <option value="">Alle</option>
          <option value="true">Bevestigd</option>
          <option value="false">Niet bevestigd</option>
        </Select>
      </div>
      <div className={field}>
        <Label htmlFor="alarm-resolved">Status</Label>
        <Select id="alarm-resolved" value={yesNo(search.resolved)} onChange={(e) => onChange({ resolved: fromYesNo(e.target.value), page: undefined })}>
          <option value="">Alle</option>
          <option value="false">Open</option>
          <option value="true">Opgelost</option>
        </Select>
      </div>
      <div className={field}>
        <Label htmlFor="alarm-overdue">Deadline</Label>
        <Select id="alarm-overdue" value={yesNo(search.overdue)} onChange={(e) => onChange({ overdue: fromYesNo(e.target.value), page: undefined })}>
          <option value="">Alle</option>
          <option value="true">Verlopen</option>
          <option value="false">Niet verlopen</option>
        </Select>
      </div>
      <div className={field}>
        <Label htmlFor="alarm-location">Locatie</Label>
        <Select
          id="alarm-location"
          value={search.locationId === undefined ? '' : String(search.locationId)}
          onChange={(e) => onChange({ locationId: e.target.value === '' ? undefined : Number(e.target.value), page: undefined })}
        >
          <option value="">Alle locaties</option>
          {locations.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </Select>
      </div>
      <div className={field}>
        <Label htmlFor="alarm-period">Periode</Label>
        <Select
          id="alarm-period"
          value={search.period ?? (search.from || search.to ? 'custom' : '')}
          onChange={(e) => {
            const value = e.target.value;
            if (value === 'custom') onChange({ period: undefined, from: search.from ?? new Date().toISOString().slice(0, 10), page: undefined });
            else onChange({ period: value === '' ? undefined : (value as FolderSearch['period']), from: undefined, to: undefined, page: undefined });
          }}
        >
          <option value="">Altijd</option>
          {PERIODS.map((p) => (
            <option key={p} value={p}>
              {periodLabels[p]}
            </option>
          ))}
          <option value="custom">Van … tot …</option>
        </Select>
      </div>
      {search.period === undefined && (search.from || search.to) ? (
        <>
          <div className={field}>
            <Label htmlFor="alarm-from">Van</Label>
            <input
              id="alarm-from"
              type="date"
              className="h-9 rounded-md border border-input bg-background px-2 text-sm"
              value={search.from ?? ''}
              onChange={(e) => onChange({ from: e.target.value || undefined, page: undefined })}
            />
          </div>
          <div className={field}>
            <Label htmlFor="alarm-to">Tot (niet tot en met)</Label>
            <input
              id="alarm-to"
              type="date"
              className="h-9 rounded-md border border-input bg-background px-2 text-sm"
              value={search.to ?? ''}
              onChange={(e) => onChange({ to: e.target.value || undefined, page: undefined })}
            />
          </div>
        </>
      ) : null}
    </>
  );
}
