/**
 * How e-mails read in the inbox. Subjects and addresses come from strangers: they are only ever
 * text (React escapes them), isolated with <bdi> so a right-to-left mark cannot turn the text
 * around it, and cut short with the whole value in a title.
 */
import { type EmailSignal, parsingStatusLabel } from '@/domain/alarm-email';
import { cn } from '~/lib/cn';
import type { ParsingStatus } from './inbox-search';

/** '12,3 kB', '4,1 MB' */
export function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} bytes`;
  const kb = bytes / 1024;
  return kb < 1024
    ? `${kb.toLocaleString('nl-NL', { maximumFractionDigits: 1 })} kB`
    : `${(kb / 1024).toLocaleString('nl-NL', { maximumFractionDigits: 1 })} MB`;
}

const statusStyles: Record<ParsingStatus, string> = {
  PENDING: 'border-sky-300 bg-sky-50 text-sky-900',
  MATCHED: 'border-emerald-300 bg-emerald-50 text-emerald-800',
  REJECTED: 'border-slate-300 bg-slate-100 text-slate-700',
};

const recoveryStyle = 'border-sky-300 bg-sky-50 text-sky-900';

/** The e-mail's status; a recovery or a sign of life says so instead of "Alarm gemaakt". */
export function ParsingStatusBadge({ status, signal, className }: { status: ParsingStatus; signal?: EmailSignal; className?: string }) {
  return (
    <span
      data-testid="parsing-status"
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        status === 'MATCHED' && signal ? recoveryStyle : statusStyles[status],
        className,
      )}
    >
      {parsingStatusLabel(status, signal)}
    </span>
  );
}

/** A stranger's text on one line, cut short with an ellipsis; the whole text is in the title. */
export function Clipped({ text, empty = '–', className }: { text: string | null; empty?: string; className?: string }) {
  if (!text) return <span className={cn('block text-muted-foreground', className)}>{empty}</span>;
  return (
    <bdi className={cn('block truncate', className)} title={text}>
      {text}
    </bdi>
  );
}
