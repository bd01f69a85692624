/** Creating and revoking a dashboard's ingest tokens; each refreshes the token list. */
import { trpc } from '~/lib/trpc';

function useRefreshTokens() {
  const utils = trpc.useUtils();
  return () => utils.ingestToken.list.invalidate();
}

export function useCreateIngestToken() {
  return trpc.ingestToken.create.useMutation({ onSuccess: useRefreshTokens() });
}

export function useRevokeIngestToken() {
  return trpc.ingestToken.revoke.useMutation({ onSuccess: useRefreshTokens() });
}
