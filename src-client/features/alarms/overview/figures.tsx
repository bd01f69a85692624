import { Link } from '@tanstack/react-router';
import { AlertOctagon, ArrowDown, ArrowRight, UserCheck, UserX } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { PRIORITIES, type Priority, priorityLabels } from '@/domain/alarm-dashboard';
import { priorityStyles } from '~/components/alarms/priority-badge';
import { LoadError } from '~/components/lists/load-error';
import { cn } from '~/lib/cn';

type OpenFilter = { priority?: Priority; assignee?: 'me' | 'none' };

/** A count that opens the matching filtered list of open alarms over every folder. */
function Figure({
  label,
  value,
  icon: Icon,
  className,
  dashboardId,
  filter,
}: {
  label: string;
  value: ReactNode;
  icon: ComponentType<{ className?: string }>;
  className?: string;
  dashboardId: number;
  filter: OpenFilter;
}) {
  return (
    <Link
      to="/alarms/$dashboardId/search"
      params={{ dashboardId }}
      search={{ resolved: false, ...filter }}
      className={cn(
        'flex items-center gap-3 rounded-xl border border-border bg-background p-3 shadow-sm hover:brightness-95 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:gap-4 sm:p-4',
        className,
      )}
      data-testid="overview-figure"
    >
      <Icon aria-hidden className="size-5 shrink-0 sm:size-6" />
      <dl className="grid">
        <dt className="text-sm text-muted-foreground">{label}</dt>
        <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
      </dl>
    </Link>
  );
}

const priorityIcons: Record<Priority, ComponentType<{ className?: string }>> = { LOW: ArrowDown, MEDIUM: ArrowRight, HIGH: AlertOctagon };

/** What the figures need of a query. */
interface Loaded<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

const shown = (query: Loaded<unknown>, value: ReactNode) => (query.data === undefined ? '…' : value);

/** Open alarms per priority, assigned to me and unassigned, over the relevant folders. */
export function OverviewFigures({
  dashboardId,
  perPriority,
  assigned,
  unassigned,
}: {
  dashboardId: number;
  perPriority: Loaded<{ priority: Priority; count: number }[]>;
  assigned: Loaded<number>;
  unassigned: Loaded<number>;
}) {
  const failed = [perPriority, assigned, unassigned].find((q) => q.isError);
  if (failed) return <LoadError error={failed.error} onRetry={() => [perPriority, assigned, unassigned].forEach((q) => void q.refetch())} />;
  const count = (p: Priority) => perPriority.data?.find((c) => c.priority === p)?.count ?? 0;
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-5">
      {[...PRIORITIES].reverse().map((p) => (
        <Figure
          key={p}
          label={`Prioriteit ${priorityLabels[p].toLowerCase()}`}
          value={shown(perPriority, count(p))}
          icon={priorityIcons[p]}
          className={priorityStyles[p].badge}
          dashboardId={dashboardId}
          filter={{ priority: p }}
        />
      ))}
      <Figure label="Aan mij toegewezen" value={shown(assigned, assigned.data)} icon={UserCheck} dashboardId={dashboardId} filter={{ assignee: 'me' }} />
      <Figure label="Niet toegewezen" value={shown(unassigned, unassigned.data)} icon={UserX} dashboardId={dashboardId} filter={{ assignee: 'none' }} />
    </div>
  );
}
