import { type Priority, priorityLabels } from '@/domain/alarm-dashboard';
import type { DashboardUser } from '@/domain/alarm-dashboard';
import { amsterdamIso, localToUtc } from '@/lib/amsterdam';
import { formatDateTime } from '@/lib/dates';
import { cn } from '~/lib/cn';

/** Priority colours mean the same on every dashboard, whatever its theme. */
export const priorityStyles: Record<Priority, { badge: string; chart: string }> = {
  LOW: { badge: 'border-slate-300 bg-slate-100 text-slate-700', chart: '#94a3b8' },
  MEDIUM: { badge: 'border-amber-300 bg-amber-50 text-amber-900', chart: '#f59e0b' },
  HIGH: { badge: 'border-red-300 bg-red-50 text-red-800', chart: '#dc2626' },
};

export function PriorityBadge({ priority, className }: { priority: Priority; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        priorityStyles[priority].badge,
        className,
      )}
    >
      {priorityLabels[priority]}
    </span>
  );
}

/** '22-11-2026 14:05' in Amsterdam time. */
export const formatInstant = (iso: string) => formatDateTime(new Date(iso));

/** An instant as the value of a `datetime-local` input, in Amsterdam wall time: '2026-11-22T14:05'. */
export const toLocalInput = (iso: string | null) => (iso ? amsterdamIso(Date.parse(iso)).slice(0, 16) : '');

/** A `datetime-local` value (Amsterdam wall time) as an instant with its offset, as the API takes it. */
export const fromLocalInput = (value: string) => amsterdamIso(localToUtc(value) * 1000);

export const isLocalInput = (value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}:00Z`));

export const userName = (user: DashboardUser) => user.fullName || user.email;
