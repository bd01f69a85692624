import { useQuery } from '@tanstack/react-query';
import { BellRing, Mail, MessageCircle, Send, Smartphone, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ContactMethod, ContactMethodType } from '@/domain/contact-method';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { SectionCard } from '~/components/ui/section-card';
import { requestErrorMessage } from '~/lib/request-error';
import { useTRPC } from '~/lib/trpc';
import { AddEmailForm } from './add-email-form';
import { PushOnThisDevice, useOwnDeviceMark } from './push-on-this-device';
import { useDeleteContactMethod, useTestContactMethod } from './use-contact-method-mutations';

const typeLabels: Record<ContactMethodType, string> = { EMAIL: 'E-mail', WEB_PUSH: 'Pushmelding', NTFY: 'ntfy', TELEGRAM: 'Telegram' };
const typeIcons: Record<ContactMethodType, typeof Mail> = { EMAIL: Mail, WEB_PUSH: BellRing, NTFY: Smartphone, TELEGRAM: MessageCircle };

/** How escalations reach the signed-in user: their methods, a test per method, adding an address and this device. */
export function ContactMethodsCard() {
  const trpc = useTRPC();
  const methods = useQuery(trpc.contactMethod.list.queryOptions());
  const ownMark = useOwnDeviceMark().data;
  return (
    <SectionCard title="Contactmethoden">
      <div className="grid gap-4 text-sm">
        <p>Een escalatie bereikt je op al deze manieren tegelijk. Met "Test" stuur je een voorbeeldmelding van een HOOG alarm.</p>
        {methods.isError ? <p className="text-destructive">De contactmethoden konden niet worden geladen.</p> : null}
        <ul className="divide-y divide-border rounded-md border border-border" aria-label="Je contactmethoden">
          {methods.data?.map((m) => (
            <MethodRow key={m.id} method={m} thisDevice={Boolean(ownMark && m.type === 'WEB_PUSH' && m.address.includes(ownMark))} />
          ))}
          {methods.isPending ? <li className="p-3 text-muted-foreground">Bezig met laden ...</li> : null}
        </ul>
        <PushOnThisDevice methods={methods.data ?? []} />
        <AddEmailForm />
      </div>
    </SectionCard>
  );
}

function MethodRow({ method, thisDevice }: { method: ContactMethod; thisDevice: boolean }) {
  const test = useTestContactMethod();
  const remove = useDeleteContactMethod();
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const Icon = typeIcons[method.type] ?? Mail;
  const label = typeLabels[method.type] ?? method.type;
  return (
    <li className="grid gap-2 p-3 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="flex min-w-0 items-start gap-2">
        <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{label}</span>
            {method.isDefault ? <Badge>standaard</Badge> : null}
            {thisDevice ? <Badge tone="success">dit apparaat</Badge> : null}
          </div>
          <div className="break-all text-muted-foreground">{method.address}</div>
          {answer ? (
            <p role="status" className={answer.ok ? 'text-emerald-700' : 'text-destructive'}>
              {answer.message}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={test.isPending}
          aria-label={`Test ${label.toLowerCase()} ${method.address}`}
          onClick={() => {
            setAnswer(null);
            test.mutate({ contactMethodId: method.id }, { onSuccess: setAnswer, onError: (e) => setAnswer({ ok: false, message: requestErrorMessage(e) }) });
          }}
        >
          <Send aria-hidden className="size-4" />
          {test.isPending ? 'Bezig ...' : 'Test'}
        </Button>
        {method.isDefault ? null : (
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" aria-label={`Verwijderen: ${label.toLowerCase()} ${method.address}`}>
                <Trash2 aria-hidden className="size-4" />
                Verwijderen
              </Button>
            }
            title="Contactmethode verwijderen?"
            description={`Escalaties bereiken je dan niet meer via ${method.address}.`}
            confirmLabel="Verwijderen"
            onConfirm={() =>
              remove.mutateAsync({ contactMethodId: method.id }).then(
                () => undefined,
                (e: unknown) => {
                  throw new Error(requestErrorMessage(e));
                },
              )
            }
          />
        )}
      </div>
    </li>
  );
}
