import type { ResponseTimeItem } from '@/domain/alarm-report';
import { formatDuration } from '@/lib/duration';

const head = ['Periode', 'Binnen', 'Bevestigd', 'Opgelost', 'Bevestigen mediaan', 'p90', 'Oplossen mediaan', 'p90'];

/** The figures behind the charts, one row per bucket; the month's own figures last. */
export function ReportTable({ rows, total }: { rows: (ResponseTimeItem & { label: string })[]; total: ResponseTimeItem | undefined }) {
  const cells = (r: ResponseTimeItem) => [
    r.raised,
    r.acknowledged,
    r.resolved,
    formatDuration(r.ackMedianSeconds),
    formatDuration(r.ackP90Seconds),
    formatDuration(r.resolveMedianSeconds),
    formatDuration(r.resolveP90Seconds),
  ];
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-right text-xs tabular-nums print:text-[9px]">
        <thead className="border-b text-muted-foreground">
          <tr>
            {head.map((h, i) => (
              <th key={i} scope="col" className="px-1.5 py-1 font-medium first:text-left">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.date} className="border-b border-border/60 print:leading-tight">
              <th scope="row" className="px-1.5 py-0.5 text-left font-normal whitespace-nowrap print:py-0">
                {r.label}
              </th>
              {cells(r).map((c, i) => (
                <td key={i} className="px-1.5 py-0.5 whitespace-nowrap print:py-0">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {total ? (
          <tfoot className="font-semibold">
            <tr>
              <th scope="row" className="px-1.5 py-1 text-left">
                Hele maand
              </th>
              {cells(total).map((c, i) => (
                <td key={i} className="px-1.5 py-1 whitespace-nowrap">
                  {c}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
