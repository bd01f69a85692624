import { Check } from 'lucide-react';
import { PRIORITIES, type Priority, priorityLabels } from '@/domain/alarm-dashboard';
import { priorityStyles } from '~/components/alarms/priority-badge';
import { Label } from '~/components/ui/label';
import { Select } from '~/components/ui/select';
import { cn } from '~/lib/cn';
import { PERIODS, periodLabels } from '@/domain/alarm-filter';
import { type FolderSearch, prioritiesOf, priorityParam } from './folder-search';

const HIGH_FIRST = [...PRIORITIES].reverse();

const yesNo = (value: boolean | undefined) => (value === undefined ? '' : String(value));
const fromYesNo = (value: string) => (value === '' ? undefined : value === 'true');
/** The filters that are yes, no or either, in their order; '' is either. */
const YES_NO_FILTERS = [
  {
    key: 'acknowledged',
    label: 'Bevestigd',
    options: [
      ['', 'Alle'],
      ['true', 'Bevestigd'],
      ['false', 'Niet bevestigd'],
    ],
  },
  {
    key: 'resolved',
    label: 'Status',
    options: [
      ['', 'Alle'],
      ['false', 'Open'],
      ['true', 'Opgelost'],
    ],
  },
  {
    key: 'overdue',
    label: 'Deadline',
    options: [
      ['', 'Alle'],
      ['true', 'Verlopen'],
      ['false', 'Niet verlopen'],
    ],
  },
] as const;
const field = 'grid min-w-0 flex-1 basis-40 gap-1.5 sm:w-44 sm:flex-none sm:basis-auto';

/** One labelled filter: a native select of `[value, label]` options. */
function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <div className={field}>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** One end of a custom period: a date, or none. */
function FilterDate({ id, label, value, onChange }: { id: string; label: string; value: string | undefined; onChange: (value: string | undefined) => void }) {
  return (
    <div className={field}>
      <Label htmlFor={id}>{label}</Label>
      <input
        id={id}
        type="date"
        className="h-9 rounded-md border border-input bg-background px-2 text-sm"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
      />
    </div>
  );
}

/** The lifecycle filters: priorities (any mix; none pressed is all), acknowledged, resolved, overdue, location and period. */
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
      {YES_NO_FILTERS.map(({ key, label, options }) => (
        <FilterSelect
          key={key}
          id={`alarm-${key}`}
          label={label}
          value={yesNo(search[key])}
          onChange={(value) => onChange({ [key]: fromYesNo(value), page: undefined })}
          options={options}
        />
      ))}
      <FilterSelect
        id="alarm-location"
        label="Locatie"
        value={search.locationId === undefined ? '' : String(search.locationId)}
        onChange={(value) => onChange({ locationId: value === '' ? undefined : Number(value), page: undefined })}
        options={[['', 'Alle locaties'], ...locations.map((l) => [String(l.id), l.name] as const)]}
      />
      <FilterSelect
        id="alarm-period"
        label="Periode"
        value={search.period ?? (search.from || search.to ? 'custom' : '')}
        onChange={(value) => {
          if (value === 'custom') onChange({ period: undefined, from: search.from ?? new Date().toISOString().slice(0, 10), page: undefined });
          else onChange({ period: value === '' ? undefined : (value as FolderSearch['period']), from: undefined, to: undefined, page: undefined });
        }}
        options={[['', 'Altijd'], ...PERIODS.map((p) => [p, periodLabels[p]] as const), ['custom', 'Van … tot …']]}
      />
      {search.period === undefined && (search.from || search.to) ? (
        <>
          <FilterDate id="alarm-from" label="Van" value={search.from} onChange={(from) => onChange({ from, page: undefined })} />
          <FilterDate id="alarm-to" label="Tot (niet tot en met)" value={search.to} onChange={(to) => onChange({ to, page: undefined })} />
        </>
      ) : null}
    </>
  );
}
