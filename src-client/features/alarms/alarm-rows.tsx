import { AlarmClock, Folder, Mail, MapPin, Phone, Webhook, Zap } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { type AlarmListItem, type AlarmSource, alarmSourceLabels } from '@/domain/alarm';
import type { DashboardUser } from '@/domain/alarm-dashboard';
import { PriorityBadge } from '~/components/alarms/priority-badge';
import { TooltipProvider } from '~/components/ui/tooltip';
import { formatInstant } from '~/lib/alarms/format';
import { cn } from '~/lib/cn';
import { userName } from './alarm-format';
import { AlarmMarks } from './alarm-marks';
import { useNow } from './use-now';

const sourceIcons = { MAIL: Mail, HOOK: Webhook, ENERGY: Zap, MANUAL: Phone } as const;

/** A small icon for where the alarm came from; its Dutch name as title and for screen readers. */
function SourceIcon({ source }: { source: AlarmSource }) {
  const Icon = sourceIcons[source];
  return (
    <span className="inline-flex items-center" title={alarmSourceLabels[source]} data-testid="alarm-source" data-source={source}>
      <Icon aria-hidden className="size-3.5 shrink-0" />
      <span className="sr-only">{alarmSourceLabels[source]}</span>
    </span>
  );
}

function SelectAll({ rows, selected, onChange }: { rows: AlarmListItem[]; selected: Set<number>; onChange: (next: Set<number>) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const count = rows.filter((r) => selected.has(r.id)).length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && count < rows.length;
  }, [count, rows.length]);
  return (
    <label className="flex items-center gap-3 text-sm text-muted-foreground">
      <input
        ref={ref}
        type="checkbox"
        className="size-4 accent-primary"
        checked={rows.length > 0 && count === rows.length}
        onChange={(e) => onChange(new Set(e.target.checked ? rows.map((r) => r.id) : []))}
      />
      Alles op deze pagina selecteren
    </label>
  );
}

/** 'Karin de Vries' → 'KV'; an address by its first letter. */
const initials = (name: string) =>
  name
    .split(/[\s@.]+/)
    .filter((part) => /^\p{Lu}/u.test(part) || name.split(/\s+/).length === 1)
    .map((part) => part[0]!.toUpperCase())
    .slice(0, 2)
    .join('') || name[0]!.toUpperCase();

/** Assignees as initials (names for screen readers and on hover), so a phone row stays one line. */
function Assignees({ ids, users }: { ids: number[]; users: Map<number, DashboardUser> }) {
  if (!ids.length) return null;
  const names = ids.map((id) => users.get(id)).map((u, i) => (u ? userName(u) : `Gebruiker ${ids[i]}`));
  return (
    <span className="inline-flex items-center gap-0.5" title={`Toegewezen aan ${names.join(', ')}`} data-testid="alarm-assignees">
      <span className="sr-only">Toegewezen aan {names.join(', ')}</span>
      {names.slice(0, 3).map((name, i) => (
        <span
          key={i}
          aria-hidden
          className="inline-flex size-5 items-center justify-center rounded-full bg-secondary text-[10px] font-semibold text-secondary-foreground"
        >
          {initials(name)}
        </span>
      ))}
      {names.length > 3 ? <span aria-hidden>+{names.length - 3}</span> : null}
    </span>
  );
}

/**
 * The folder's alarms as rows: checkbox, line (bold while unread, ×N for repeats), times, lifecycle
 * marks, assignees, priority. The keyboard cursor (j/k) is drawn as a ring; its button has focus.
 */
export function AlarmRows({
  rows,
  users,
  selected,
  onSelect,
  onOpen,
  openId,
  cursorId,
  folderLabels,
}: {
  rows: (AlarmListItem & { folderId?: number })[];
  /** The dashboard-wide list names each row's folder. */
  folderLabels?: Map<number, string>;
  users: Map<number, DashboardUser>;
  selected: Set<number>;
  onSelect: (next: Set<number>) => void;
  onOpen: (alarmId: number) => void;
  openId: number | undefined;
  cursorId: number | undefined;
}) {
  const now = useNow();
  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelect(next);
  };
  return (
    <TooltipProvider delayDuration={300}>
      <div className="overflow-hidden rounded-xl border border-border bg-background shadow-sm">
        <div className="border-b border-border bg-muted/60 px-3 py-2.5">
          <SelectAll rows={rows} selected={selected} onChange={onSelect} />
        </div>
        <ul aria-label="Alarmen" data-testid="alarm-list">
          {rows.map((alarm) => {
            const overdue = alarm.deadlineAt !== null && Date.parse(alarm.deadlineAt) < now;
            return (
              <li
                key={alarm.id}
                data-testid="alarm-row"
                className={cn(
                  'flex items-start gap-3 border-b border-border px-3 py-3 last:border-0 hover:bg-muted/40',
                  selected.has(alarm.id) && 'bg-accent/60',
                  openId === alarm.id && 'shadow-[inset_3px_0_0_var(--alarm-primary,var(--color-primary))]',
                  cursorId === alarm.id && 'ring-2 ring-ring ring-inset',
                )}
                data-cursor={cursorId === alarm.id || undefined}
              >
                <input
                  type="checkbox"
                  className="mt-1 size-4 shrink-0 accent-primary"
                  aria-label={`Selecteer: ${alarm.line}`}
                  checked={selected.has(alarm.id)}
                  onChange={(e) => toggle(alarm.id, e.target.checked)}
                />
                <button
                  type="button"
                  className="min-w-0 flex-1 rounded text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  data-alarm-open={alarm.id}
                  onClick={() => onOpen(alarm.id)}
                >
                  <span className="flex items-start gap-2">
                    {!alarm.seen ? (
                      <span aria-hidden className="mt-2 size-2 shrink-0 rounded-full" style={{ background: 'var(--alarm-primary, var(--color-primary))' }} />
                    ) : null}
                    <span className={cn('min-w-0 flex-1 break-words', !alarm.seen && 'font-semibold')} data-unread={!alarm.seen || undefined}>
                      {!alarm.seen ? <span className="sr-only">Ongelezen: </span> : null}
                      {alarm.line}
                    </span>
                    {alarm.occurrences > 1 ? (
                      <span className="shrink-0 rounded bg-muted px-1.5 text-xs leading-5 font-medium tabular-nums" title={`${alarm.occurrences} keer gemeld`}>
                        ×{alarm.occurrences}
                        <span className="sr-only"> gemeld</span>
                      </span>
                    ) : null}
                  </span>
                  <span className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                    <span className="inline-flex items-center gap-1">
                      <SourceIcon source={alarm.source} />
                      Ontvangen {formatInstant(alarm.receivedAt)}
                    </span>
                    {alarm.location ? (
                      <span className="inline-flex min-w-0 items-center gap-1 font-medium text-foreground" data-testid="alarm-location">
                        <MapPin aria-hidden className="size-3.5 shrink-0" />
                        <span className="sr-only">Locatie </span>
                        <span className="truncate">{alarm.location.name}</span>
                      </span>
                    ) : null}
                    {folderLabels && alarm.folderId !== undefined ? (
                      <span className="inline-flex items-center gap-1" data-testid="alarm-folder">
                        <Folder aria-hidden className="size-3.5 shrink-0" />
                        <span className="sr-only">Map </span>
                        {folderLabels.get(alarm.folderId) ?? ''}
                      </span>
                    ) : null}
                    {alarm.deadlineAt ? (
                      <span className={cn('inline-flex items-center gap-1', overdue && 'font-semibold text-red-700')} data-overdue={overdue || undefined}>
                        <AlarmClock aria-hidden className="size-3.5" />
                        Deadline {formatInstant(alarm.deadlineAt)}
                        {overdue ? ' (verlopen)' : ''}
                      </span>
                    ) : null}
                    <Assignees ids={alarm.assignees} users={users} />
                    <AlarmMarks alarm={alarm} />
                  </span>
                </button>
                <PriorityBadge priority={alarm.priority} className="mt-0.5" />
              </li>
            );
          })}
        </ul>
      </div>
    </TooltipProvider>
  );
}
