/**
 * Changes to a dashboard's parsers. Every change refreshes the parser list; a saved parser also
 * goes into its own cache entry so the editor shows it at once. Dry runs store nothing.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Parser } from '@/domain/alarm-parser';
import { useTRPC } from '~/lib/trpc';

function useSavedParserOptions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return {
    onSuccess: (parser: Parser) => {
      queryClient.setQueryData(trpc.alarmParser.get.queryKey({ parserId: parser.id }), parser);
      return queryClient.invalidateQueries({ queryKey: trpc.alarmParser.list.pathKey() });
    },
  };
}

export const useCreateParser = () => {
  const trpc = useTRPC();
  return useMutation(trpc.alarmParser.create.mutationOptions(useSavedParserOptions()));
};
export const useUpdateParser = () => {
  const trpc = useTRPC();
  return useMutation(trpc.alarmParser.update.mutationOptions(useSavedParserOptions()));
};

export function useDeleteParser() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.alarmParser.delete.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.alarmParser.list.pathKey() }) }),
  );
}

export const useDryRun = () => {
  const trpc = useTRPC();
  return useMutation(trpc.alarmParser.dryRun.mutationOptions());
};
export const useDryRunDraft = () => {
  const trpc = useTRPC();
  return useMutation(trpc.alarmParser.dryRunDraft.mutationOptions());
};
