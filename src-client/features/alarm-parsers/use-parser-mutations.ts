/**
 * Changes to a dashboard's parsers. Every change refreshes the parser list; a saved parser also
 * goes into its own cache entry so the editor shows it at once. Dry runs store nothing.
 */
import type { Parser } from '@/domain/alarm-parser';
import { trpc } from '~/lib/trpc';

function useSavedParserOptions() {
  const utils = trpc.useUtils();
  return {
    onSuccess: (parser: Parser) => {
      utils.alarmParser.get.setData({ parserId: parser.id }, parser);
      return utils.alarmParser.list.invalidate();
    },
  };
}

export const useCreateParser = () => trpc.alarmParser.create.useMutation(useSavedParserOptions());
export const useUpdateParser = () => trpc.alarmParser.update.useMutation(useSavedParserOptions());

export function useDeleteParser() {
  const utils = trpc.useUtils();
  return trpc.alarmParser.delete.useMutation({ onSuccess: () => utils.alarmParser.list.invalidate() });
}

export const useDryRun = () => trpc.alarmParser.dryRun.useMutation();
export const useDryRunDraft = () => trpc.alarmParser.dryRunDraft.useMutation();
