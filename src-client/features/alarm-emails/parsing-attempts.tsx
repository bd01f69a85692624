import type * as v from 'valibot';
import type { parsingAttemptSchema } from '@/domain/alarm-email';
import { formatInstant } from '~/lib/alarms/format';
import { cn } from '~/lib/cn';

type Attempt = v.InferOutput<typeof parsingAttemptSchema>;

const typeBadges: Record<Attempt['type'], { label: string; className: string }> = {
  MATCHED: { label: 'Alarm gemaakt', className: 'border-emerald-300 bg-emerald-50 text-emerald-800' },
  FAILED: { label: 'Mislukt', className: 'border-red-300 bg-red-50 text-red-800' },
  REJECTED: { label: 'Geen alarm', className: 'border-slate-300 bg-slate-100 text-slate-700' },
};

/** What a MATCHED attempt did besides making an alarm: a recovery, or a sign of life. */
function matchedEffect(a: Attempt) {
  if (a.resolved !== undefined) return `Herstelmelding: ${a.resolved === 1 ? '1 alarm' : `${a.resolved} alarmen`} opgelost`;
  if (a.heartbeat !== undefined) return `Hartslag: teken van leven${a.heartbeat ? ` van ${a.heartbeat}` : ''}, geen alarm`;
  return null;
}

/** The e-mail's parsing attempts, oldest first; an attempt without a parser is the reading of the message itself. */
export function ParsingAttempts({ attempts }: { attempts: Attempt[] }) {
  if (!attempts.length) return <p className="text-sm text-muted-foreground">Nog geen verwerkingspogingen.</p>;
  return (
    <ol className="grid gap-2" data-testid="parsing-attempts">
      {attempts.map((a) => {
        const badge =
          a.type === 'MATCHED' && matchedEffect(a)
            ? { ...typeBadges.MATCHED, label: a.resolved !== undefined ? 'Herstelmelding' : 'Hartslag' }
            : typeBadges[a.type];
        return (
          <li key={a.id} data-testid="parsing-attempt" className="grid gap-1.5 rounded-lg border border-border p-3 text-sm">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className={cn('inline-flex rounded-full border px-2 py-0.5 text-xs font-medium', badge.className)}>{badge.label}</span>
              <span className="min-w-0 font-medium break-words">{a.parser ? a.parser.name : 'Inlezen'}</span>
              <span className="text-muted-foreground tabular-nums">{formatInstant(a.timestamp)}</span>
            </div>
            {a.type === 'FAILED' ? (
              <>
                <p className="break-words text-red-800">
                  {a.exceptionType ? <span className="font-medium">{a.exceptionType}: </span> : null}
                  {a.exceptionMessage ?? 'Onbekende fout.'}
                </p>
                {a.exceptionStackTrace ? (
                  <details>
                    <summary className="cursor-pointer text-muted-foreground">Stacktrace</summary>
                    <pre className="mt-1 max-h-64 overflow-auto rounded bg-muted/60 p-2 font-mono text-xs break-words whitespace-pre-wrap">
                      {a.exceptionStackTrace}
                    </pre>
                  </details>
                ) : null}
              </>
            ) : null}
            {a.type === 'MATCHED' && matchedEffect(a) ? (
              <p data-testid="attempt-effect" className="break-words">
                {matchedEffect(a)}
              </p>
            ) : null}
            {a.type === 'REJECTED' && a.reason ? <p className="break-words text-muted-foreground">{a.reason}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}
