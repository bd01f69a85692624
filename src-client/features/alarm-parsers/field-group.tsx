import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

/** A titled group of fields; `container` lets its rows lay out by its own width (`@2xl:`). */
export function FieldGroup({ title, description, container, children }: { title: string; description?: ReactNode; container?: boolean; children: ReactNode }) {
  return (
    <fieldset className={cn('grid min-w-0 gap-4 rounded-xl border border-border bg-background p-4 sm:p-5', container && '@container')}>
      <legend className="px-1 text-base font-semibold">{title}</legend>
      {description ? <div className="-mt-2 text-sm text-muted-foreground">{description}</div> : null}
      {children}
    </fieldset>
  );
}
