import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import type { ContactMethod } from '@/domain/contact-method';
import { Button } from '~/components/ui/button';
import { requestErrorMessage } from '~/lib/request-error';
import { useTRPC } from '~/lib/trpc';
import { useCreateContactMethod } from './use-contact-method-mutations';
import { PushSetupError, pushUnsupportedReason, subscribeThisDevice } from './web-push-subscription';

/** The device part of a push method's description ('apparaat 3f9a1c'): the first 6 hex digits of the endpoint's SHA-256. */
async function deviceMark(endpoint: string) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint)));
  return `apparaat ${Array.from(digest.slice(0, 3), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** This browser's push subscription's mark, when it has one. */
export function useOwnDeviceMark() {
  return useQuery({
    queryKey: ['web-push', 'own-subscription'],
    queryFn: async () => {
      if (pushUnsupportedReason()) return null;
      const registration = await navigator.serviceWorker.getRegistration('/app/');
      const subscription = await registration?.pushManager.getSubscription();
      return subscription ? deviceMark(subscription.endpoint) : null;
    },
  });
}

/** "Meldingen op dit apparaat": permission, a subscription through the service worker, and the method on the server. */
export function PushOnThisDevice({ methods }: { methods: ContactMethod[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useCreateContactMethod();
  const own = useOwnDeviceMark();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [unsupported] = useState(pushUnsupportedReason);
  const active = Boolean(own.data && methods.some((m) => m.type === 'WEB_PUSH' && m.address.includes(own.data!)));

  const turnOn = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const { publicKey } = await queryClient.fetchQuery(trpc.contactMethod.webPushKey.queryOptions());
      const subscription = await subscribeThisDevice(publicKey);
      await create.mutateAsync({ type: 'WEB_PUSH', subscription }).catch((error: unknown) => {
        // The same subscription is already listed: nothing to add.
        if ((error as { data?: { httpStatus?: number } }).data?.httpStatus !== 409) throw error;
      });
      await queryClient.invalidateQueries({ queryKey: ['web-push'] });
      setMessage({ ok: true, text: 'Dit apparaat krijgt nu pushmeldingen. Stuur met "Test" een voorbeeld.' });
    } catch (error) {
      setMessage({ ok: false, text: error instanceof PushSetupError ? error.message : requestErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-2 rounded-md border border-border bg-muted/40 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 className="font-semibold">Meldingen op dit apparaat</h3>
          <p className="text-muted-foreground">
            {active
              ? 'Dit apparaat krijgt pushmeldingen, ook als de console dicht is.'
              : 'Krijg een alarm als melding op dit apparaat, ook als de console dicht is.'}
          </p>
        </div>
        {unsupported || active ? null : (
          <Button onClick={() => void turnOn()} disabled={busy}>
            <BellRing aria-hidden className="size-4" />
            {busy ? 'Bezig ...' : 'Meldingen aanzetten'}
          </Button>
        )}
      </div>
      {unsupported ? <p className="text-amber-800">{unsupported}</p> : null}
      {message ? (
        <p role="status" className={message.ok ? 'text-emerald-700' : 'text-destructive'}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
