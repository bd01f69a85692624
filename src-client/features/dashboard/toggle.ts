import { cn } from '~/lib/cn';

/** A pressed-or-not button of a segmented choice (week or year, per hour or per day, chart or table). */
export const toggle = (active: boolean) => cn('rounded-md px-3 py-1.5 text-sm', active ? 'bg-primary text-primary-foreground' : 'hover:bg-muted');
