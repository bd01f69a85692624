import type { EmailSignal } from '@/domain/alarm-email';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { type Address, formatAddresses, formatInstant } from '~/lib/alarms/format';
import { cn } from '~/lib/cn';
import { Clipped, ParsingStatusBadge } from './email-format';
import type { ParsingStatus } from './inbox-search';

export interface EmailRow {
  id: number;
  from: Address[];
  to: Address[];
  subject: string | null;
  readAt: string | null;
  receivedAt: string;
  parsedAt: string | null;
  parsingStatus: ParsingStatus;
  signal?: EmailSignal;
}

const medium = 'hidden md:table-cell';
const wide = 'hidden lg:table-cell';

/**
 * The inbox as a table: subject (opens the e-mail), from, to, received, parsed and status. The
 * subject takes what the other columns leave; narrower screens drop 'Aan' and 'Verwerkt', and a
 * phone keeps only the subject column, with sender, time and status under it.
 */
export function EmailTable({ rows, openId, onOpen }: { rows: EmailRow[]; openId: number | undefined; onOpen: (id: number) => void }) {
  return (
    <Table className="table-fixed bg-background" aria-label="Ontvangen e-mails" data-testid="email-table">
      <TableHeader>
        <TableRow>
          <TableHead>Onderwerp</TableHead>
          <TableHead className={cn(medium, 'w-[22%] lg:w-[18%]')}>Van</TableHead>
          <TableHead className={cn(wide, 'w-[14%]')}>Aan</TableHead>
          <TableHead className={cn(medium, 'w-36')}>Ontvangen</TableHead>
          <TableHead className={cn(wide, 'w-36')}>Verwerkt</TableHead>
          <TableHead className={cn(medium, 'w-44')}>Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((email) => {
          const from = formatAddresses(email.from);
          return (
            <TableRow
              key={email.id}
              data-testid="email-row"
              aria-current={openId === email.id || undefined}
              className={cn(openId === email.id && 'bg-accent/60')}
            >
              <TableCell className="max-w-0">
                {email.readAt === null ? <span className="sr-only">Ongelezen</span> : null}
                <button
                  type="button"
                  className={cn(
                    'block w-full min-w-0 rounded text-left text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    email.readAt === null ? 'font-bold' : 'font-normal',
                  )}
                  data-unread={email.readAt === null || undefined}
                  onClick={() => onOpen(email.id)}
                >
                  <Clipped text={email.subject} empty="(geen onderwerp)" />
                </button>
                <span className="mt-0.5 grid gap-1 text-xs text-muted-foreground md:hidden">
                  <Clipped text={from} />
                  <span className="flex flex-wrap items-center gap-2">
                    {formatInstant(email.receivedAt)}
                    <ParsingStatusBadge status={email.parsingStatus} signal={email.signal} />
                  </span>
                </span>
              </TableCell>
              <TableCell className={cn(medium, 'max-w-0')}>
                <Clipped text={from} />
              </TableCell>
              <TableCell className={cn(wide, 'max-w-0')}>
                <Clipped text={formatAddresses(email.to)} />
              </TableCell>
              <TableCell className={cn(medium, 'whitespace-nowrap tabular-nums')}>{formatInstant(email.receivedAt)}</TableCell>
              <TableCell className={cn(wide, 'whitespace-nowrap tabular-nums')}>{email.parsedAt ? formatInstant(email.parsedAt) : '–'}</TableCell>
              <TableCell className={medium}>
                <ParsingStatusBadge status={email.parsingStatus} signal={email.signal} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
