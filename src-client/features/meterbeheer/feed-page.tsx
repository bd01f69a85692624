import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Unlink } from 'lucide-react';
import type { ReactNode } from 'react';
import { meterKindLabels, providerNames } from '@/domain/meterbeheer';
import { PageHeader } from '~/components/layout/page-header';
import { DeleteButton } from '~/components/lists/delete-button';
import { EmptyRow } from '~/components/lists/list-controls';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { SectionCard } from '~/components/ui/section-card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { dateTimeOrDash } from '~/lib/date-time';
import { requestErrorMessage } from '~/lib/request-error';
import { useTRPC } from '~/lib/trpc';
import { FeedStatusBadges } from './feed-status';
import { useDeleteFeed, useDetachFeed } from './use-feed-mutations';

export function FeedPage({ uuid }: { uuid: string }) {
  const trpc = useTRPC();
  const { data: feed } = useSuspenseQuery(trpc.meterbeheer.feed.queryOptions({ uuid }));
  const navigate = useNavigate();
  const detach = useDetachFeed();
  const remove = useDeleteFeed();
  const facts: [string, ReactNode][] = [
    ['Provider', providerNames[feed.provider]],
    ['Metertype', meterKindLabels[feed.meterKind]],
    ['Status', <FeedStatusBadges key="status" feed={feed} />],
    ['EAN', feed.ean ?? '–'],
    ['Postcode', feed.postalCode ?? '–'],
    ['Huisnummer', feed.houseNumber ?? '–'],
    ['Gekoppeld', feed.attached ? 'Ja' : 'Nee'],
    ['Aangemaakt', dateTimeOrDash(feed.createTimestamp)],
    ['Laatste synchronisatie', dateTimeOrDash(feed.lastSyncTimestamp)],
    ['UUID', feed.uuid],
  ];
  return (
    <section className="grid max-w-5xl gap-6 [&>*]:min-w-0">
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link to="/admin/integrations/meterbeheer/feeds">
            <ArrowLeft aria-hidden className="size-4" />
            Terug naar feeds
          </Link>
        </Button>
      </div>
      <PageHeader
        title={feed.name}
        description={`${providerNames[feed.provider]}-feed`}
        actions={
          <>
            {feed.attached ? (
              <ConfirmDialog
                title="Feed ontkoppelen"
                description="De meters die kanalen van deze feed gebruiken, worden ervan losgekoppeld. De meters en de opgeslagen meetwaarden blijven bestaan."
                confirmLabel="Ontkoppelen"
                trigger={
                  <Button variant="outline">
                    <Unlink aria-hidden className="size-4" />
                    Ontkoppelen
                  </Button>
                }
                onConfirm={async () => {
                  try {
                    await detach.mutateAsync({ uuid });
                  } catch (error) {
                    throw new Error(requestErrorMessage(error));
                  }
                }}
              />
            ) : null}
            <DeleteButton
              title="Feed verwijderen"
              description={`Weet je zeker dat je '${feed.name}' wilt verwijderen? De feed wordt ook bij Meterbeheer HUB verwijderd, met alle opgeslagen meetwaarden.`}
              onDelete={async () => {
                await remove.mutateAsync({ uuid });
                await navigate({ to: '/admin/integrations/meterbeheer/feeds' });
              }}
            />
          </>
        }
      />
      {feed.lastError ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-red-50 p-3 text-sm break-words text-red-900">
          <strong>Laatste fout:</strong> {feed.lastError}
        </p>
      ) : null}
      <Card>
        <CardContent className="pt-6">
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {facts.map(([term, value]) => (
              <div key={term}>
                <dt className="text-sm text-muted-foreground">{term}</dt>
                <dd className="break-all">{value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <SectionCard title="Kanalen">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Code</TableHead>
              <TableHead>Laatste meetwaarde</TableHead>
              <TableHead className="text-right">Opgeslagen waarden</TableHead>
              <TableHead>Bijgewerkt</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {!feed.channels?.length ? (
              <EmptyRow columns={4} loading={false} empty="Nog geen kanalen: de feed wordt door Meterbeheer HUB geverifieerd." />
            ) : (
              feed.channels.map((channel) => (
                <TableRow key={channel.id}>
                  <TableCell className="font-mono">{channel.code}</TableCell>
                  <TableCell>{dateTimeOrDash(channel.lastDataTimestamp)}</TableCell>
                  <TableCell className="text-right tabular-nums">{channel.valueCount.toLocaleString('nl-NL')}</TableCell>
                  <TableCell>{dateTimeOrDash(channel.updateTimestamp)}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </SectionCard>
    </section>
  );
}
