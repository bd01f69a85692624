import { createLink } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button, type ButtonVariant } from '~/components/ui/button';

function AddAnchor({ variant, children, ...props }: ComponentProps<'a'> & { variant?: ButtonVariant }) {
  return (
    <Button asChild variant={variant}>
      <a {...props}>
        <Plus aria-hidden className="size-4" />
        {children}
      </a>
    </Button>
  );
}

/** An admin list's "… toevoegen": a router link to the create page, as a button with a plus. */
export const AddLink = createLink(AddAnchor);
