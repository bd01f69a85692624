import type { IngestToken } from '@/domain/ingest-token';
import { formatDateTime } from '@/lib/dates';
import { DeleteButton } from '~/components/lists/delete-button';
import { useRevokeIngestToken } from './use-ingest-token-mutations';

const lastUse = (t: IngestToken) => (t.lastUsedAt ? `laatst gebruikt ${formatDateTime(new Date(t.lastUsedAt))}` : 'nooit gebruikt');

/** The dashboard's tokens with their last use; revoking one takes effect at the next request. */
export function TokenList({ tokens }: { tokens: IngestToken[] }) {
  const revoke = useRevokeIngestToken();
  if (tokens.length === 0) return <p className="text-sm text-muted-foreground">Er zijn nog geen tokens.</p>;
  return (
    <ul className="divide-y divide-border" aria-label="Tokens">
      {tokens.map((t) => (
        <li key={t.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="grid min-w-0 gap-1">
            <span className="text-sm font-medium">{t.name}</span>
            <span className="text-sm text-muted-foreground">
              aangemaakt {formatDateTime(new Date(t.createdAt))} · {lastUse(t)}
            </span>
          </div>
          <DeleteButton
            title={`Token "${t.name}" intrekken?`}
            description="Monitoring die dit token gebruikt, wordt vanaf de volgende aanvraag geweigerd. Dit kan niet ongedaan worden gemaakt."
            onDelete={() => revoke.mutateAsync({ tokenId: t.id })}
          />
        </li>
      ))}
    </ul>
  );
}
