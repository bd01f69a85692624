import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Code2, ListChecks } from 'lucide-react';
import type { ComponentType } from 'react';
import type { AlarmDashboard } from '@/domain/alarm-dashboard';
import type { AlarmFolder } from '@/domain/alarm-folder';
import { PARSER_TYPES, type ParserType, parserTypeLabels } from '@/domain/alarm-parser';
import { PageHeader } from '~/components/layout/page-header';
import { LoadError } from '~/components/lists/load-error';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { httpStatusOf, useTRPC } from '~/lib/trpc';
import { CustomParserForm } from './custom-parser-form';
import { DefaultParserForm } from './default-parser-form';
import { useSampleEmail } from './use-sample-email';
import { usePageTitle } from '~/components/layout/use-page-title';

const typeOptions: Record<ParserType, { icon: ComponentType<{ className?: string }>; detail: string }> = {
  DEFAULT: { icon: ListChecks, detail: 'Herken e-mails met patronen en stel het alarm samen met een sjabloon, zonder te programmeren.' },
  CUSTOM: { icon: Code2, detail: 'Een JavaScript-functie parse(email), voor wat met regels niet lukt.' },
};

function TypeChoice({ value, onChange }: { value: ParserType; onChange: (type: ParserType) => void }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium">Soort parser</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {PARSER_TYPES.map((type) => {
          const { icon: Icon, detail } = typeOptions[type];
          return (
            <label
              key={type}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-input bg-background p-3 text-sm hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input type="radio" name="parser-type" value={type} className="sr-only" checked={value === type} onChange={() => onChange(type)} />
              <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
              <span>
                <span className="block font-medium">{parserTypeLabels[type]}</span>
                <span className="block text-muted-foreground">{detail}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * One parser on its own page: a new one (first the choice Regels or Code), an existing one to
 * edit, or, without the right to change, to read. The dry run sits beside the form.
 */
export function ParserEditor({
  dashboard,
  folders,
  sources,
  canChange,
  parserId,
  type,
  onTypeChange,
  onClose,
}: {
  dashboard: AlarmDashboard;
  folders: AlarmFolder[];
  sources: { id: number; name: string }[];
  canChange: boolean;
  parserId: number | undefined;
  type: ParserType;
  onTypeChange: (type: ParserType) => void;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const parser = useQuery(trpc.alarmParser.get.queryOptions({ parserId: parserId ?? 0 }, { enabled: parserId !== undefined }));
  const sample = useSampleEmail(dashboard.id);
  const stored = parser.data;
  usePageTitle(stored ? `Parser ${stored.name}` : parserId === undefined ? 'Nieuwe parser' : 'Parser');
  const back = (
    <Button variant="ghost" size="sm" className="-ml-2 justify-self-start" onClick={onClose}>
      <ArrowLeft aria-hidden className="size-4" />
      Alle parsers
    </Button>
  );
  if (parserId !== undefined && !stored) {
    return (
      <section className="grid max-w-3xl gap-4">
        {back}
        <h1 className="text-2xl font-semibold">Parser</h1>
        {parser.isError ? (
          httpStatusOf(parser.error) === 404 ? (
            <p className="text-muted-foreground">Deze parser bestaat niet (meer).</p>
          ) : (
            <LoadError error={parser.error} onRetry={() => void parser.refetch()} />
          )
        ) : (
          <p role="status" className="flex items-center gap-2 text-muted-foreground">
            <Spinner /> Bezig met laden ...
          </p>
        )}
      </section>
    );
  }
  const shown = stored?.type ?? type;
  const readOnly = !canChange;
  const common = { folders, parser: stored, readOnly, sample, onDone: onClose };
  return (
    <section className="grid min-w-0 gap-4 [&>:nth-child(2)]:mb-0">
      {back}
      <PageHeader
        title={stored ? `Parser ${stored.name}` : 'Parser toevoegen'}
        description={
          stored ? `${parserTypeLabels[stored.type]}. Een wijziging geldt voor e-mails die hierna binnenkomen of opnieuw worden verwerkt.` : undefined
        }
      />
      {readOnly ? (
        <AlertBanner variant="primary" title="Alleen bekijken">
          Dit dashboard is niet aanpasbaar: alleen een beheerder kan parsers wijzigen. Proefdraaien kan wel.
        </AlertBanner>
      ) : null}
      {stored ? null : <TypeChoice value={type} onChange={onTypeChange} />}
      {shown === 'DEFAULT' ? (
        <DefaultParserForm key={`DEFAULT-${stored?.id}`} dashboard={dashboard} sources={sources} {...common} />
      ) : (
        <CustomParserForm key={`CUSTOM-${stored?.id}`} dashboardId={dashboard.id} {...common} />
      )}
    </section>
  );
}
