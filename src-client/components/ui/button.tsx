import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

const variants = {
  default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-dark',
  secondary: 'bg-secondary text-secondary-foreground shadow-sm hover:bg-secondary/85',
  outline: 'border border-input bg-background shadow-sm hover:bg-muted',
  ghost: 'hover:bg-muted',
  destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
  link: 'text-primary underline-offset-4 hover:underline',
} as const;

const sizes = {
  default: 'h-9 px-4 py-2',
  sm: 'h-8 rounded-md px-3 text-sm',
  lg: 'h-10 rounded-md px-6',
  icon: 'size-9',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export function buttonVariants({ variant = 'default', size = 'default', className }: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cn(
    'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none disabled:pointer-events-none disabled:opacity-50 [&_svg]:shrink-0',
    variants[variant],
    sizes[size],
    className,
  );
}

type Props = ComponentProps<'button'> & { variant?: ButtonVariant; size?: ButtonSize; asChild?: boolean };

export function Button({ className, variant, size, asChild, type, ...props }: Props) {
  const Component = asChild ? Slot.Root : 'button';
  return <Component className={buttonVariants({ variant, size, className })} type={asChild ? undefined : (type ?? 'button')} {...props} />;
}
