import { Link } from '@tanstack/react-router';
import { Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import type { User } from '@/domain/user';
import { UserMenu } from './user-menu';

/** The top bar of the pages outside the admin layout. */
export function AppHeader({ user, children }: { user: User; children?: ReactNode }) {
  return (
    <header className="border-b border-border bg-background">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 font-semibold">
          <Zap aria-hidden className="size-5 text-primary" />
          Energiebeheer
        </Link>
        <div className="flex flex-1 items-center gap-2">{children}</div>
        <UserMenu user={user} />
      </div>
    </header>
  );
}
