import { Mail, Building2 } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import type { AlarmFolder } from '@/domain/alarm-folder';
import { type MailSource, SOURCE_TYPES, type SourceType, sourceTypeLabels } from '@/domain/mail-source';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '~/components/ui/sheet';
import { SourceForm } from './source-form';

const typeOptions: Record<SourceType, { icon: ComponentType<{ className?: string }>; detail: string }> = {
  IMAP: { icon: Mail, detail: 'Een mailbox bij een provider of eigen mailserver.' },
  MICROSOFT_GRAPH: { icon: Building2, detail: 'Een gedeelde mailbox via Microsoft Graph.' },
};

function TypeChoice({ value, onChange }: { value: SourceType; onChange: (type: SourceType) => void }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium">Soort bron</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {SOURCE_TYPES.map((type) => {
          const { icon: Icon, detail } = typeOptions[type];
          return (
            <label
              key={type}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-input p-3 text-sm hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input type="radio" name="source-type" value={type} className="sr-only" checked={value === type} onChange={() => onChange(type)} />
              <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
              <span>
                <span className="block font-medium">{sourceTypeLabels[type]}</span>
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
 * Adding a source (first the choice IMAP or Microsoft 365, then its form) or editing one, in a
 * side panel: the forms are long, and the list stays in view beside it on a wide screen.
 */
export function SourceSheet({
  open,
  onOpenChange,
  dashboardId,
  folders,
  source,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  dashboardId: number;
  folders: AlarmFolder[];
  source?: MailSource;
}) {
  // A receiving address (SMTP) is not edited here: it has no mailbox settings.
  const ownType = source && source.type !== 'SMTP' ? source.type : undefined;
  const [type, setType] = useState<SourceType>(ownType ?? 'IMAP');
  const shown = ownType ?? type;
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="w-full max-w-lg">
        <div className="border-b border-border p-6 pb-4">
          <SheetTitle className="pr-8 text-lg font-semibold break-words">{source ? `Bron ${source.name} bewerken` : 'Bron toevoegen'}</SheetTitle>
          <SheetDescription className="mt-1 text-sm text-muted-foreground">
            {source
              ? `${sourceTypeLabels[source.type]}. Geheimen worden niet getoond; laat ze leeg om ze te houden.`
              : 'Een mailbox waaruit dit dashboard alarmmails haalt.'}
          </SheetDescription>
        </div>
        <div className="grid min-h-0 flex-1 content-start gap-5 overflow-y-auto p-6">
          {source ? null : <TypeChoice value={type} onChange={setType} />}
          <SourceForm key={shown} type={shown} dashboardId={dashboardId} folders={folders} source={source} onDone={() => onOpenChange(false)} />
        </div>
      </SheetContent>
    </Sheet>
  );
}
