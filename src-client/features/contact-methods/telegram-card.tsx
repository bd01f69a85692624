import { useMutation, useQuery } from '@tanstack/react-query';
import { ExternalLink, KeyRound } from 'lucide-react';
import { localDateTimeText } from '@/lib/amsterdam';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Button } from '~/components/ui/button';
import { CopyButton } from '~/components/ui/copy-button';
import { SectionCard } from '~/components/ui/section-card';
import { requestErrorMessage } from '~/lib/request-error';
import { useTRPC } from '~/lib/trpc';

/**
 * Links a Telegram chat: the server's bot, a one-time code and the t.me link that sends
 * `/start <code>` in one tap. The server reads the bot's messages within seconds and adds the chat
 * to the contact methods; the list is refreshed while a code is open.
 */
export function TelegramCard() {
  const trpc = useTRPC();
  const setup = useQuery(trpc.contactMethod.telegram.queryOptions());
  const code = useMutation(trpc.contactMethod.telegramCode.mutationOptions());
  // While a code waits to be sent, the list is asked again now and then: the linked chat appears there.
  const methods = useQuery({ ...trpc.contactMethod.list.queryOptions(), refetchInterval: code.isSuccess ? 5000 : false });
  const chats = (methods.data ?? []).filter((m) => m.type === 'TELEGRAM');
  return (
    <SectionCard title="Meldingen via Telegram">
      <div className="grid gap-3 text-sm">
        {setup.isPending ? (
          <p className="text-muted-foreground">Bezig met laden ...</p>
        ) : setup.isError ? (
          <AlertBanner variant="warning" title="Telegram is niet bereikbaar">
            {requestErrorMessage(setup.error)}
          </AlertBanner>
        ) : !setup.data.configured ? (
          <AlertBanner variant="warning" title="Telegram is niet ingesteld">
            Deze server heeft geen Telegram-bot. Vraag de beheerder om TELEGRAM_BOT_TOKEN in te stellen.
          </AlertBanner>
        ) : (
          <>
            <p>
              Koppel je Telegram-chat met de bot <strong>@{setup.data.botName}</strong>: escalaties komen dan ook als Telegram-bericht binnen, met knoppen om
              het alarm te bevestigen of te openen.
            </p>
            {chats.length ? (
              <p role="status" className="text-emerald-700">
                Gekoppeld: {chats.map((c) => c.address).join(', ')}
              </p>
            ) : null}
            {code.data ? (
              <div className="grid gap-2 rounded-md border border-border p-3">
                <p>
                  Open de link op je telefoon en tik in Telegram op <strong>Start</strong>, of stuur de bot zelf:
                </p>
                <div className="flex flex-wrap items-center gap-2">
                  <code className="rounded bg-muted px-2 py-1 font-mono text-base tracking-wider">/start {code.data.code}</code>
                  <CopyButton text={`/start ${code.data.code}`} label="Kopiëren" />
                </div>
                <div>
                  <Button asChild>
                    <a href={code.data.link} target="_blank" rel="noreferrer">
                      <ExternalLink aria-hidden className="size-4" />
                      Openen in Telegram
                    </a>
                  </Button>
                </div>
                <p className="text-muted-foreground">
                  De code werkt één keer, tot {localDateTimeText(Date.parse(code.data.expiresAt) / 1000)}. De bot bevestigt de koppeling in de chat.
                </p>
              </div>
            ) : null}
            {code.error ? <p className="text-destructive">{requestErrorMessage(code.error)}</p> : null}
            <div>
              <Button variant={code.data ? 'outline' : 'default'} disabled={code.isPending} onClick={() => code.mutate()}>
                <KeyRound aria-hidden className="size-4" />
                {code.data ? 'Nieuwe code' : 'Telegram koppelen'}
              </Button>
            </div>
          </>
        )}
      </div>
    </SectionCard>
  );
}
