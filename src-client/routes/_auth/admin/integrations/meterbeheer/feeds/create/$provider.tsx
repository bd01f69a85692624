import { Link, createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { CREATABLE_PROVIDERS, type CreatableProvider, feedTitle } from '@/domain/meterbeheer';
import { usePageTitle } from '~/components/layout/use-page-title';
import { Button } from '~/components/ui/button';
import { FeedForm } from '~/features/meterbeheer/feed-form';
import { useAddFeed } from '~/features/meterbeheer/use-feed-mutations';

export const Route = createFileRoute('/_auth/admin/integrations/meterbeheer/feeds/create/$provider')({
  params: {
    parse: ({ provider }) => {
      if (!(CREATABLE_PROVIDERS as readonly string[]).includes(provider)) throw notFound();
      return { provider: provider as CreatableProvider };
    },
    stringify: ({ provider }) => ({ provider }),
  },
  component: CreateFeedPage,
});

function CreateFeedPage() {
  const { provider } = Route.useParams();
  const navigate = useNavigate();
  const add = useAddFeed();
  usePageTitle(feedTitle(provider));
  return (
    <section>
      <Button asChild variant="ghost" size="sm" className="mb-4">
        <Link to="/admin/integrations/meterbeheer/feeds">
          <ArrowLeft aria-hidden className="size-4" />
          Terug naar feeds
        </Link>
      </Button>
      <h1 className="mb-6 text-2xl font-semibold">{feedTitle(provider)}</h1>
      <FeedForm
        key={provider}
        provider={provider}
        onSubmit={async (form) => {
          await add.mutateAsync({ provider, ...form } as never);
          await navigate({ to: '/admin/integrations/meterbeheer/feeds' });
        }}
      />
    </section>
  );
}
