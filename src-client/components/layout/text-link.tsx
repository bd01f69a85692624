import { createLink } from '@tanstack/react-router';
import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

function TextAnchor({ className, ...props }: ComponentProps<'a'>) {
  return <a {...props} className={cn('font-medium text-primary hover:underline', className)} />;
}

/** A router link in a table cell or a list (a row's name to its page): primary colour, underlined on hover. */
export const TextLink = createLink(TextAnchor);
