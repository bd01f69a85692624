import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

export const Card = ({ className, ...props }: ComponentProps<'div'>) => (
  <div className={cn('rounded-xl border border-border bg-background shadow-sm', className)} {...props} />
);
export const CardHeader = ({ className, ...props }: ComponentProps<'div'>) => <div className={cn('grid gap-1.5 p-6 pb-3', className)} {...props} />;
export const CardTitle = ({ className, ...props }: ComponentProps<'div'>) => <div className={cn('text-xl leading-none font-semibold', className)} {...props} />;
export const CardDescription = ({ className, ...props }: ComponentProps<'div'>) => (
  <div className={cn('text-sm text-muted-foreground', className)} {...props} />
);
export const CardContent = ({ className, ...props }: ComponentProps<'div'>) => <div className={cn('p-6 pt-3', className)} {...props} />;
