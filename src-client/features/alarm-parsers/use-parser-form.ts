import { useState } from 'react';
import type { Parser, ParserDraft } from '@/domain/alarm-parser';
import { formSchema } from '~/components/form/form-schema';
import { applyParserErrors, clearChangedFieldErrors } from './parser-errors';
import { type DefaultValues, type ParserValues, parsedDraft, parserFormSchema } from './parser-form-values';
import { useCreateParser, useUpdateParser } from './use-parser-mutations';
import { useAppForm } from '~/components/form/use-app-form';

/** update's input: everything the form holds; `config`/`sourceId` for DEFAULT, `code` for CUSTOM. */
const updateInput = (parserId: number, { type: _type, ...draft }: ParserDraft) => ({ parserId, ...draft });

/**
 * A parser form: each field is checked with the shared schema when left, all of them on submit;
 * the server's field errors land at their fields. Saving creates or updates, then `onSaved`.
 */
export function useParserForm<T extends ParserValues>({
  dashboardId,
  parser,
  defaultValues,
  onSaved,
}: {
  dashboardId: number;
  parser: Parser | undefined;
  defaultValues: T;
  onSaved: () => void;
}) {
  const create = useCreateParser();
  const update = useUpdateParser();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useAppForm({
    defaultValues,
    validators: { onBlur: formSchema<T>(parserFormSchema), onSubmit: formSchema<T>(parserFormSchema) },
    listeners: { onChange: clearChangedFieldErrors },
    onSubmit: async ({ value, formApi }) => {
      setFailure(null);
      try {
        const draft = parsedDraft(value);
        if (parser) await update.mutateAsync(updateInput(parser.id, draft));
        else await create.mutateAsync({ dashboardId, ...draft });
        onSaved();
      } catch (error) {
        setFailure(applyParserErrors(formApi, error));
      }
    },
  });
  return { form, failure };
}

export type DefaultForm = ReturnType<typeof useParserForm<DefaultValues>>['form'];
