import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { HistoryItem } from '@/domain/alarm-lifecycle';
import { LoadError } from '~/components/lists/load-error';
import { Button } from '~/components/ui/button';
import { formatInstant, formatShortInstant } from '~/lib/alarms/format';
import { historyLines } from './history-lines';

/** Long histories open with the latest lines; the rest is one click away. */
const FIRST_LINES = 12;

interface Props {
  dashboardId: number;
  history: { data?: HistoryItem[]; isError: boolean; error: unknown; refetch: () => unknown };
  userName: (id: number) => string;
}

/** The alarm's history as a Dutch timeline, newest first, each line with its Amsterdam time. */
export function AlarmTimeline({ dashboardId, history, userName }: Props) {
  const [all, setAll] = useState(false);
  const lines = history.data ? historyLines(history.data, userName) : [];
  const shown = all ? lines : lines.slice(0, FIRST_LINES);
  return (
    <section className="grid gap-2" aria-labelledby="alarm-history-title">
      <h3 id="alarm-history-title" className="text-sm font-medium">
        Geschiedenis
      </h3>
      {history.isError ? (
        <LoadError error={history.error} onRetry={() => void history.refetch()} />
      ) : !history.data ? (
        <p className="text-sm text-muted-foreground">Bezig met laden ...</p>
      ) : (
        <ol className="grid gap-0 border-l-2 border-border pl-4" data-testid="alarm-timeline">
          {shown.map((line, i) => (
            <li key={`${line.at}-${i}`} className="relative py-1 text-sm break-words">
              <span aria-hidden className="absolute top-2.5 -left-[1.3rem] size-2 rounded-full bg-muted-foreground/60" />
              {line.text},{' '}
              <time dateTime={line.at} title={formatInstant(line.at)} className="whitespace-nowrap text-muted-foreground tabular-nums">
                {formatShortInstant(line.at)}
              </time>
              {line.alarmEmailId ? (
                <>
                  {' '}
                  <Link
                    to="/alarms/$dashboardId/emails/inbox"
                    params={{ dashboardId }}
                    search={{ email: line.alarmEmailId }}
                    className="text-primary underline underline-offset-4"
                  >
                    e-mail
                  </Link>
                </>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {lines.length > FIRST_LINES && !all ? (
        <div>
          <Button variant="ghost" size="sm" onClick={() => setAll(true)}>
            Alle {lines.length} regels tonen
          </Button>
        </div>
      ) : null}
    </section>
  );
}
