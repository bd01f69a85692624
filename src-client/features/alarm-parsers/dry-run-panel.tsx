import type { AnyFormApi } from '@tanstack/react-form';
import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import * as v from 'valibot';
import type { AlarmFolder } from '@/domain/alarm-folder';
import { parserDraftSchema } from '@/domain/alarm-parser';
import { LoadError } from '~/components/lists/load-error';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { Select } from '~/components/ui/select';
import { Spinner } from '~/components/ui/spinner';
import { formatInstant } from '~/lib/alarms/format';
import { formatAddresses } from '~/lib/alarms/format';
import { DryRunOutcome } from './dry-run-result';
import { applyParserErrors, showAllErrors } from './parser-errors';
import { type ParserValues, draftOf } from './parser-form-values';
import { useDryRun, useDryRunDraft } from './use-parser-mutations';
import type { SampleEmailState } from './use-sample-email';

const clip = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * "Proefdraaien": runs the parser on a stored e-mail and shows the attempt it would record,
 * nothing stored. An editor runs the unsaved form (after checking it); a read-only view runs the
 * saved parser.
 */
export function DryRunPanel({
  dashboardId,
  form,
  savedParserId,
  sample,
  folders,
}: {
  dashboardId: number;
  form: AnyFormApi;
  /** Set when the saved parser is run instead of the form's values (read-only). */
  savedParserId?: number;
  sample: SampleEmailState;
  folders: AlarmFolder[];
}) {
  const draftRun = useDryRunDraft();
  const savedRun = useDryRun();
  const [invalid, setInvalid] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { list, emailId } = sample;
  const emails = list.data?.emails;
  const chosen = emails?.find((e) => e.id === emailId);
  const pending = draftRun.isPending || savedRun.isPending;
  const result = savedParserId ? savedRun.data : draftRun.data;

  const run = async () => {
    if (emailId === undefined) return;
    setFailure(null);
    setInvalid(false);
    if (savedParserId) {
      savedRun.mutate({ parserId: savedParserId, emailId }, { onError: (error) => setFailure(applyParserErrors(form, error)) });
      return;
    }
    const draft = v.safeParse(parserDraftSchema, draftOf(form.state.values as ParserValues));
    if (!draft.success) {
      await showAllErrors(form);
      draftRun.reset();
      setInvalid(true);
      return;
    }
    draftRun.mutate({ dashboardId, emailId, parser: draft.output }, { onError: (error) => setFailure(applyParserErrors(form, error)) });
  };

  return (
    <section aria-labelledby="dry-run-heading" className="grid gap-4 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-5">
      <div>
        <h2 id="dry-run-heading" className="text-base font-semibold">
          Proefdraaien
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Probeer de parser op een ontvangen e-mail, voordat je opslaat. Er wordt niets bewaard.</p>
      </div>
      {list.isError && !emails ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : !emails ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Bezig met laden ...
        </p>
      ) : emails.length === 0 ? (
        <p className="text-sm text-muted-foreground">Er zijn nog geen e-mails binnengekomen om de parser op te proberen.</p>
      ) : (
        <>
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor="dry-run-email">Voorbeeld-e-mail</Label>
            <Select
              id="dry-run-email"
              value={emailId ?? ''}
              onChange={(e) => {
                // An outcome belongs to its e-mail.
                sample.setEmailId(Number(e.target.value));
                draftRun.reset();
                savedRun.reset();
                setFailure(null);
              }}
            >
              {emails.map((e) => (
                <option key={e.id} value={e.id}>
                  {clip(e.subject || '(geen onderwerp)')} · {formatInstant(e.receivedAt)}
                </option>
              ))}
            </Select>
          </div>
          {chosen ? (
            <dl className="grid gap-1 rounded-lg bg-muted/50 p-3 text-sm" data-testid="dry-run-email">
              <div className="min-w-0 break-words">
                <dt className="inline text-muted-foreground">Onderwerp: </dt>
                <dd className="inline">
                  <bdi>{chosen.subject || '(geen onderwerp)'}</bdi>
                </dd>
              </div>
              <div className="min-w-0 break-words">
                <dt className="inline text-muted-foreground">Van: </dt>
                <dd className="inline">
                  <bdi>{formatAddresses(chosen.from) || '–'}</bdi>
                </dd>
              </div>
              <div>
                <dt className="inline text-muted-foreground">Ontvangen: </dt>
                <dd className="inline tabular-nums">{formatInstant(chosen.receivedAt)}</dd>
              </div>
            </dl>
          ) : null}
          <div>
            {/* Like the save button, a press leaves the focus (and the blur check) where it is. */}
            <Button variant="secondary" onMouseDown={(e) => e.preventDefault()} onClick={() => void run()} disabled={pending || emailId === undefined}>
              {pending ? <Spinner /> : <FlaskConical aria-hidden className="size-4" />}
              Proefdraaien
            </Button>
          </div>
        </>
      )}
      <div aria-live="polite" className="grid gap-2 empty:hidden">
        {invalid ? (
          <AlertBanner variant="warning" title="Nog niet te proberen">
            Verbeter eerst de gemarkeerde velden.
          </AlertBanner>
        ) : null}
        {failure ? (
          <AlertBanner variant="error" title="Proefdraaien mislukt">
            {failure}
          </AlertBanner>
        ) : null}
        {result && !invalid && !failure && !pending ? <DryRunOutcome result={result} folders={folders} /> : null}
      </div>
    </section>
  );
}
