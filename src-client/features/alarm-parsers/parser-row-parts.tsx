import { Trash2 } from 'lucide-react';
import type { Parser } from '@/domain/alarm-parser';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { cn } from '~/lib/cn';
import { requestErrorMessage } from '~/lib/request-error';
import { useDeleteParser, useUpdateParser } from './use-parser-mutations';

export function Tag({ children, className }: { children: string; className?: string }) {
  return <span className={cn('rounded-full border border-border bg-muted px-2 py-0.5 text-xs text-muted-foreground', className)}>{children}</span>;
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('nl-NL')} ${n === 1 ? one : many}`;

/** What the parser did with the e-mails of the last 24 hours. */
export function Last24h({ parser }: { parser: Parser }) {
  const { matched, failed, rejected } = parser.last24h;
  return (
    <p className="text-xs text-muted-foreground" data-testid="parser-last24h">
      Laatste 24 uur: <span className="text-emerald-800">{count(matched, 'alarm', 'alarmen')}</span> ·{' '}
      <span className={cn(failed > 0 && 'font-medium text-red-800')}>{count(failed, 'mislukt', 'mislukt')}</span> · {count(rejected, 'afgewezen', 'afgewezen')}
    </p>
  );
}

/** On or off, as a switch; it saves at once. */
export function EnabledSwitch({ parser }: { parser: Parser }) {
  const update = useUpdateParser();
  const on = update.isPending && update.variables.enabled !== undefined ? update.variables.enabled : parser.enabled;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={`${parser.name} ingeschakeld`}
      disabled={update.isPending}
      onClick={() => update.mutate({ parserId: parser.id, enabled: !on })}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60',
        on ? 'bg-primary' : 'bg-slate-300',
      )}
    >
      <span aria-hidden className={cn('block size-5 rounded-full bg-white shadow transition-transform', on ? 'translate-x-5' : 'translate-x-0')} />
    </button>
  );
}

/** Delete, after a question that says what stays. */
export function DeleteParserButton({ parser }: { parser: Parser }) {
  const remove = useDeleteParser();
  return (
    <ConfirmDialog
      title="Parser verwijderen"
      description={`Weet je zeker dat je de parser '${parser.name}' wilt verwijderen? Nieuwe e-mails gaan dan niet meer langs deze parser; alarmen die hij al maakte, blijven bestaan.`}
      confirmLabel="Verwijderen"
      trigger={
        <Button variant="ghost" size="icon" className="size-8" aria-label={`${parser.name} verwijderen`}>
          <Trash2 aria-hidden className="size-4" />
        </Button>
      }
      onConfirm={async () => {
        try {
          await remove.mutateAsync({ parserId: parser.id });
        } catch (error) {
          throw new Error(requestErrorMessage(error));
        }
      }}
    />
  );
}
