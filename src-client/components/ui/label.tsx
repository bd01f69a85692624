import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

/** A form label; `required` adds the red asterisk that marks required fields. */
export function Label({ className, required, children, ...props }: ComponentProps<'label'> & { required?: boolean }) {
  return (
    <label className={cn('text-sm leading-none font-medium', className)} {...props}>
      {children}
      {required ? (
        <span aria-hidden className="text-destructive">
          {' *'}
        </span>
      ) : null}
    </label>
  );
}
