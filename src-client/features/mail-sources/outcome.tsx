import { CheckCircle2, XCircle } from 'lucide-react';
import { cn } from '~/lib/cn';

/** An outcome line under the buttons: green when it went well, red when not. */
export function Outcome({ ok, testId, children }: { ok: boolean; testId: string; children: string }) {
  const Icon = ok ? CheckCircle2 : XCircle;
  return (
    <p role="status" data-testid={testId} data-ok={ok} className={cn('flex items-start gap-2 text-sm break-words', ok ? 'text-emerald-800' : 'text-red-800')}>
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0">{children}</span>
    </p>
  );
}
