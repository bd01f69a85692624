import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { type CreatableProvider, feedTitle } from '@/domain/meterbeheer';
import { usePageTitle } from '~/components/layout/use-page-title';
import { Button } from '~/components/ui/button';
import { FeedForm } from './feed-form';
import { useAddFeed } from './use-feed-mutations';

export function CreateFeedPage({ provider }: { provider: CreatableProvider }) {
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
          await add.mutateAsync({ provider, ...form });
          await navigate({ to: '/admin/integrations/meterbeheer/feeds' });
        }}
      />
    </section>
  );
}
