import { CheckCircle2, CircleSlash, HeartPulse, RotateCcw, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AlarmFolder } from '@/domain/alarm-folder';
import type { DryRunResult } from '@/domain/alarm-parser';
import { PriorityBadge } from '~/components/alarms/priority-badge';
import { AlertBanner } from '~/components/ui/alert-banner';
import { formatInstant } from '~/lib/alarms/format';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

const signalClass = 'grid gap-2 rounded-lg border border-sky-300 bg-sky-50/60 p-3 text-sm text-sky-900';

/** A recovery: the open alarms it would resolve now (none is fine: nothing was open). */
function WouldResolve({ resolve }: { resolve: NonNullable<DryRunResult['resolve']> }) {
  const n = resolve.alarms.length;
  return (
    <div data-testid="dry-run-result" data-type="RESOLVE" className={signalClass}>
      <p className="flex items-center gap-2 font-medium">
        <RotateCcw aria-hidden className="size-4 shrink-0" /> Herstelmelding: zou {n === 1 ? '1 alarm' : `${n} alarmen`} oplossen
      </p>
      <p className="break-words">
        Sleutel: <span className="font-mono">{resolve.key || '(leeg)'}</span>
      </p>
      {n ? (
        <ul data-testid="dry-run-resolves" className="grid list-disc gap-0.5 pl-5">
          {resolve.alarms.map((a) => (
            <li key={a.id} className="break-words">
              {a.line}
            </li>
          ))}
        </ul>
      ) : (
        <p>Er staat nu geen open alarm met deze sleutel.</p>
      )}
    </div>
  );
}

/** What the parser would do with the e-mail, under what its settings get wrong whatever the e-mail. */
export function DryRunOutcome({ result, folders }: { result: DryRunResult; folders: AlarmFolder[] }) {
  return (
    <div className="grid gap-2">
      {(result.warnings ?? []).map((warning) => (
        <AlertBanner key={warning} variant="warning" title="Herstelmeldingen lossen niets op">
          <span data-testid="dry-run-warning">{warning}</span>
        </AlertBanner>
      ))}
      <Outcome result={result} folders={folders} />
    </div>
  );
}

/** The alarm it would make, the alarms it would resolve, a sign of life, or why not. */
function Outcome({ result, folders }: { result: DryRunResult; folders: AlarmFolder[] }) {
  if (result.type === 'MATCHED' && result.resolve) return <WouldResolve resolve={result.resolve} />;
  if (result.type === 'MATCHED' && result.heartbeat) {
    return (
      <div data-testid="dry-run-result" data-type="HEARTBEAT" className={signalClass}>
        <p className="flex items-center gap-2 font-medium">
          <HeartPulse aria-hidden className="size-4 shrink-0" /> Teken van leven, geen alarm
        </p>
        <p className="break-words">
          Sleutel: <span className="font-mono">{result.heartbeat.key || '(de parser zelf)'}</span>
        </p>
      </div>
    );
  }
  if (result.type === 'MATCHED' && result.alarm) {
    const { line, priority, data, deadlineAt, folderId, location } = result.alarm;
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
          <Row label="Locatie">{location?.name ?? 'Geen'}</Row>
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
