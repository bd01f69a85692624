import { AlertTriangle, CircleAlert, Info, OctagonX } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { cn } from '~/lib/cn';

/** The eight banner variants; an unknown variant falls back to 'default'. */
const ALERT_VARIANTS = ['error', 'warning', 'primary', 'secondary', 'primary-dark', 'default', 'destructive', 'warning-outline'] as const;
type AlertVariant = (typeof ALERT_VARIANTS)[number];

const styles: Record<AlertVariant, { className: string; icon: ComponentType<{ className?: string }>; urgent: boolean }> = {
  error: { className: 'border-destructive/40 bg-red-50 text-red-900', icon: CircleAlert, urgent: true },
  warning: { className: 'border-amber-300 bg-warning-background text-amber-900', icon: AlertTriangle, urgent: true },
  primary: { className: 'border-primary/30 bg-accent text-accent-foreground', icon: Info, urgent: false },
  secondary: { className: 'border-amber-300 bg-amber-100 text-amber-950', icon: Info, urgent: false },
  'primary-dark': { className: 'border-primary-dark bg-primary-dark text-primary-foreground', icon: Info, urgent: false },
  default: { className: 'border-border bg-background text-foreground', icon: Info, urgent: false },
  destructive: { className: 'border-destructive bg-destructive text-destructive-foreground', icon: OctagonX, urgent: true },
  'warning-outline': { className: 'border-warning bg-background text-amber-900', icon: AlertTriangle, urgent: true },
};

export function AlertBanner({ variant, title, children, className }: { variant?: string; title?: ReactNode; children?: ReactNode; className?: string }) {
  const style = styles[(ALERT_VARIANTS as readonly string[]).includes(variant ?? '') ? (variant as AlertVariant) : 'default'];
  const Icon = style.icon;
  return (
    <div role={style.urgent ? 'alert' : 'status'} className={cn('flex gap-3 rounded-lg border p-3 text-sm', style.className, className)}>
      <Icon className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-1">
        {title ? <div className="font-semibold">{title}</div> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
