import { Link, type LinkProps } from '@tanstack/react-router';
import { Check, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';

/** One step of a set-up guide: ticked when done, with what exists and where to go next. */
export interface SetupStep {
  title: string;
  icon: LucideIcon;
  done: boolean;
  /** What exists, e.g. '3 locaties'. */
  status: string;
  action?: { label: string; link: LinkProps };
  /** Said instead of an action (the HUB key is set on the server, not here). */
  hint?: ReactNode;
}

/** 'Nog geen locaties', '1 locatie', '3 locaties'. */
export const countText = (n: number, one: string, many: string) => (n === 0 ? `Nog geen ${many}` : `${n} ${n === 1 ? one : many}`);

/** The steps in order: done ones ticked, the first open one stands out with its action. */
export function SetupSteps({ steps, label, testId = 'setup' }: { steps: SetupStep[]; label: string; testId?: string }) {
  const next = steps.findIndex((s) => !s.done);
  return (
    <ol aria-label={label} className="grid gap-2">
      {steps.map((step, i) => (
        <li
          key={step.title}
          aria-current={i === next ? 'step' : undefined}
          className={cn(
            'flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border p-3',
            i === next ? 'border-primary bg-accent' : 'border-border bg-background',
          )}
        >
          <span
            aria-hidden
            className={cn(
              'flex size-8 shrink-0 items-center justify-center rounded-full border text-sm font-semibold',
              step.done ? 'border-emerald-300 bg-emerald-50 text-emerald-800' : 'border-border bg-muted text-muted-foreground',
            )}
          >
            {step.done ? <Check className="size-4" /> : i + 1}
          </span>
          <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
            <span className="flex items-center gap-2 font-medium">
              <step.icon aria-hidden className="size-4 text-muted-foreground" />
              <span>
                {i + 1}. {step.title}
              </span>
              <span className="sr-only">{step.done ? '(klaar)' : i === next ? '(volgende stap)' : '(nog te doen)'}</span>
            </span>
            <span className="text-sm text-muted-foreground" data-testid={`${testId}-status-${i + 1}`}>
              {step.status}
            </span>
            {step.hint ? <span className="text-sm">{step.hint}</span> : null}
          </div>
          {step.action ? (
            <Button asChild size="sm" variant={i === next ? 'default' : 'outline'}>
              <Link {...step.action.link}>{step.action.label}</Link>
            </Button>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
