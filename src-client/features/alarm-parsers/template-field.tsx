import { useStore } from '@tanstack/react-form';
import { PARSER_TIME_LIMIT_MS, availableTemplateNames } from '@/domain/alarm-parser';
import { TextField } from '~/components/form/text-field';
import type { SampleEmail } from './template-preview';
import { useLinePreview } from './use-line-preview';
import type { DefaultForm } from './use-parser-form';

const matchLabels = { from: 'afzender', subject: 'onderwerp', body: 'tekst' } as const;

/**
 * A template (the alarm's line, or the grouping key) with the names it may use as buttons that
 * add them, and a live preview against the chosen e-mail (the line's also says when the e-mail
 * would not match at all).
 */
export function TemplateField({
  form,
  name,
  label,
  hint,
  sample,
}: {
  form: DefaultForm;
  name: 'config.line' | 'config.group.key';
  label: string;
  hint: string;
  sample: SampleEmail | undefined;
}) {
  const config = useStore(form.store, (s) => s.values.config);
  const names = availableTemplateNames({ match: config.match, data: config.data.filter((d) => d.name.trim()).map((d) => ({ name: d.name.trim() })) });
  const template = name === 'config.line' ? config.line : config.group.key;
  const state = useLinePreview({ ...config, line: template }, sample);
  const preview = state?.kind === 'ready' ? state.preview : null;
  const previewId = `${name.replace(/\W+/g, '-')}-preview`;
  return (
    <div className="grid min-w-0 gap-2">
      <form.Field name={name}>
        {(field) => (
          <TextField field={field} label={label} required hint={hint} className="font-mono" spellCheck={false} autoComplete="off" aria-details={previewId} />
        )}
      </form.Field>
      <div className="flex flex-wrap items-center gap-1.5 text-sm">
        <span className="text-muted-foreground">Invoegen:</span>
        {names.map((n) => (
          <button
            key={n}
            type="button"
            className="rounded border border-border bg-muted px-1.5 py-0.5 font-mono text-xs hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            aria-label={`{{${n}}} invoegen in ${label.toLowerCase()}`}
            // Keep the focus in the template: leaving it would check it (an error line moves this button away mid-click).
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => form.setFieldValue(name, (value: string) => `${value.trimEnd()}${value.trim() ? ' ' : ''}{{${n}}}`)}
          >
            {`{{${n}}}`}
          </button>
        ))}
      </div>
      <div id={previewId} className="min-w-0 rounded-lg border border-dashed border-border bg-muted/40 px-3 py-2 text-sm" data-testid={`${previewId}`}>
        <span className="text-muted-foreground">Voorbeeld: </span>
        {preview ? (
          <>
            <span className="font-medium break-words" data-testid="template-preview-text">
              {preview.line || '(leeg)'}
            </span>
            {name === 'config.line' && preview.misses.length ? (
              <span className="block text-amber-900">
                Let op: deze e-mail past niet bij het patroon voor {preview.misses.map((f) => matchLabels[f]).join(' en ')}, dus de parser maakt er geen alarm
                van.
              </span>
            ) : null}
          </>
        ) : state?.kind === 'slow' ? (
          <span className="text-amber-900" data-testid="template-preview-slow">
            Een patroon doet er langer dan {PARSER_TIME_LIMIT_MS} ms over; de parser zou dit bericht als mislukt noteren.
          </span>
        ) : state ? (
          <span className="text-muted-foreground">bezig …</span>
        ) : (
          <span className="text-muted-foreground">kies bij Proefdraaien een voorbeeld-e-mail.</span>
        )}
      </div>
    </div>
  );
}
