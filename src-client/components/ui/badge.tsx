import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

const tones = {
  success: 'border-emerald-300 bg-emerald-50 text-emerald-800',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  error: 'border-red-300 bg-red-50 text-red-800',
  neutral: 'border-slate-300 bg-slate-100 text-slate-700',
} as const;

/** A small rounded label for a state ('Geverifieerd', 'Fout'). */
export function Badge({ tone = 'neutral', className, ...props }: ComponentProps<'span'> & { tone?: keyof typeof tones }) {
  return (
    <span className={cn('inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap', tones[tone], className)} {...props} />
  );
}
