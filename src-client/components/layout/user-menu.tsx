import { Link } from '@tanstack/react-router';
import { LogOut, UserRound } from 'lucide-react';
import { type User, userTypeLabels } from '@/domain/user';
import { Button, buttonVariants } from '~/components/ui/button';
import { useLogout } from '~/lib/use-logout';

/** Who is signed in, and the way out. */
export function UserMenu({ user }: { user: User }) {
  const logout = useLogout();
  return (
    <div className="flex items-center gap-3">
      <div className="hidden text-right text-sm leading-tight sm:block">
        <div className="font-medium">{user.fullName ?? user.email}</div>
        {user.fullName !== userTypeLabels[user.type] ? <div className="text-muted-foreground">{userTypeLabels[user.type]}</div> : null}
      </div>
      <Link to="/profile" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        <UserRound aria-hidden className="size-4" />
        <span className="sr-only sm:not-sr-only">Mijn profiel</span>
      </Link>
      <Button variant="outline" size="sm" onClick={() => void logout()}>
        <LogOut aria-hidden className="size-4" />
        <span className="sr-only sm:not-sr-only">Uitloggen</span>
      </Button>
    </div>
  );
}
