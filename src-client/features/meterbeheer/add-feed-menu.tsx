import { Link } from '@tanstack/react-router';
import { ChevronDown, Plus } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { CREATABLE_PROVIDERS, providerNames } from '@/domain/meterbeheer';
import { Button } from '~/components/ui/button';

/** 'Feed toevoegen' with the six providers a feed can be created for. */
export function AddFeedMenu() {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button>
          <Plus aria-hidden className="size-4" />
          Feed toevoegen
          <ChevronDown aria-hidden className="size-4" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-48 rounded-md border border-border bg-background p-1 shadow-md">
          {CREATABLE_PROVIDERS.map((provider) => (
            <DropdownMenu.Item key={provider} asChild className="block cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted">
              <Link to="/admin/integrations/meterbeheer/feeds/create/$provider" params={{ provider }}>
                {providerNames[provider]}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
