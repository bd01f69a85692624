import { CheckCircle2, CircleSlash, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AlarmFolder } from '@/domain/alarm-folder';
import type { DryRunResult } from '@/domain/alarm-parser';
import { PriorityBadge } from '~/components/alarms/priority-badge';
import { formatInstant } from '~/lib/alarms/format';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** What the parser would do with the e-mail: the alarm it would make, or why not. */
export function DryRunOutcome({ result, folders }: { result: DryRunResult; folders: AlarmFolder[] }) {
  if (result.type === 'MATCHED' && result.alarm) {
    const { line, priority, data, deadlineAt, folderId } = result.alarm;
    const entries = Object.entries(data);
    return (
      <div data-testid="dry-run-result" data-type="MATCHED" className="grid gap-3 rounded-lg border border-emerald-300 bg-emerald-50/60 p-3 text-sm">
        <p className="flex items-center gap-2 font-medium text-emerald-800">
          <CheckCircle2 aria-hidden className="size-4 shrink-0" /> Dit wordt een alarm
        </p>
        <dl className="grid gap-2">
          <Row label="Melding">
            <span data-testid="dry-run-line" className="font-medium">
              {line}
            </span>
          </Row>
          <Row label="Prioriteit">
            <PriorityBadge priority={priority} />
          </Row>
          <Row label="Gegevens">
            {entries.length ? (
              <dl className="grid gap-0.5">
                {entries.map(([name, value]) => (
                  <div key={name} className="break-words">
                    <dt className="inline font-mono text-xs">{name}: </dt>
                    <dd className="inline">{value || '–'}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              'Geen'
            )}
          </Row>
          <Row label="Deadline">{deadlineAt ? formatInstant(deadlineAt) : 'Geen'}</Row>
          <Row label="Map">{folders.find((f) => f.id === folderId)?.label ?? 'Onbekende map'}</Row>
        </dl>
      </div>
    );
  }
  if (result.type === 'FAILED') {
    return (
      <div data-testid="dry-run-result" data-type="FAILED" className="grid gap-1 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
        <p className="flex items-center gap-2 font-medium">
          <XCircle aria-hidden className="size-4 shrink-0" /> Mislukt
        </p>
        <p className="break-words">
          {result.exceptionType ? <span className="font-medium">{result.exceptionType}: </span> : null}
          {result.exceptionMessage ?? 'Onbekende fout.'}
        </p>
      </div>
    );
  }
  return (
    <div data-testid="dry-run-result" data-type="REJECTED" className="grid gap-1 rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800">
      <p className="flex items-center gap-2 font-medium">
        <CircleSlash aria-hidden className="size-4 shrink-0" /> Geen alarm
      </p>
      <p className="break-words">{result.reason ?? 'Deze parser slaat dit bericht over.'}</p>
    </div>
  );
}
