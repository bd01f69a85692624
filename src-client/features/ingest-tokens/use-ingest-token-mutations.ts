import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '~/lib/trpc';
/** Creating and revoking a dashboard's ingest tokens; each refreshes the token list. */

function useRefreshTokens() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.ingestToken.list.pathKey() });
}

export function useCreateIngestToken() {
  const trpc = useTRPC();
  return useMutation(trpc.ingestToken.create.mutationOptions({ onSuccess: useRefreshTokens() }));
}

export function useRevokeIngestToken() {
  const trpc = useTRPC();
  return useMutation(trpc.ingestToken.revoke.mutationOptions({ onSuccess: useRefreshTokens() }));
}
