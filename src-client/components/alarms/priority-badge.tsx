import { type Priority, priorityLabels } from '@/domain/alarm-dashboard';
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
