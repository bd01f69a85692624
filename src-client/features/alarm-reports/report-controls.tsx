import { PRIORITIES, type Priority, priorityLabels } from '@/domain/alarm-dashboard';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Select } from '~/components/ui/select';
import { REPORT_GRANULARITIES, type ReportGranularity, granularityLabels } from './report-period';

export interface ReportChoice {
  month: string;
  granularity: ReportGranularity;
  priority: Priority | undefined;
}

/** Month, split and priority of the report, and printing it; none of it prints. */
export function ReportControls({ choice, onChange }: { choice: ReportChoice; onChange: (next: Partial<ReportChoice>) => void }) {
  return (
    <div data-print-hidden className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor="report-month">Maand</Label>
        <Input
          id="report-month"
          type="month"
          className="w-44"
          value={choice.month}
          onChange={(e) => (/^\d{4}-\d{2}$/.test(e.target.value) ? onChange({ month: e.target.value }) : undefined)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="report-granularity">Indeling</Label>
        <Select id="report-granularity" value={choice.granularity} onChange={(e) => onChange({ granularity: e.target.value as ReportGranularity })}>
          {REPORT_GRANULARITIES.map((g) => (
            <option key={g} value={g}>
              {granularityLabels[g]}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="report-priority">Prioriteit</Label>
        <Select
          id="report-priority"
          value={choice.priority ?? ''}
          onChange={(e) => onChange({ priority: (e.target.value || undefined) as Priority | undefined })}
        >
          <option value="">Alle prioriteiten</option>
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {priorityLabels[p]}
            </option>
          ))}
        </Select>
      </div>
      <Button variant="outline" onClick={() => window.print()}>
        Afdrukken
      </Button>
    </div>
  );
}
