import { useNavigate } from '@tanstack/react-router';
import { LayoutDashboard } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';

const DASHBOARD_REDIRECT_DELAY_MS = 1000;

/** 'Naar dashboard': disabled with a spinner for one second, then /dashboard. */
export function ToDashboardButton() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={pending}
      onClick={() => {
        setPending(true);
        timer.current = setTimeout(() => void navigate({ to: '/dashboard' }), DASHBOARD_REDIRECT_DELAY_MS);
      }}
    >
      {pending ? <Spinner className="size-4" /> : <LayoutDashboard aria-hidden className="size-4" />}
      Naar dashboard
    </Button>
  );
}
