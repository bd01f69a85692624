import { Check } from 'lucide-react';
import { PRIORITIES, type Priority, priorityLabels } from '@/domain/alarm-dashboard';
import { priorityStyles } from '~/components/alarms/priority-badge';
import { Label } from '~/components/ui/label';
import { Select } from '~/components/ui/select';
import { cn } from '~/lib/cn';
import { type FolderSearch, prioritiesOf, priorityParam } from './folder-search';

const HIGH_FIRST = [...PRIORITIES].reverse();

/** The lifecycle filters: priorities (any mix; none pressed is all) and acknowledged or not. */
export function AlarmFilters({ search, onChange }: { search: FolderSearch; onChange: (next: Partial<FolderSearch>) => void }) {
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
    </>
  );
}
