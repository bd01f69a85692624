import { createFileRoute, notFound } from '@tanstack/react-router';
import { CREATABLE_PROVIDERS, type CreatableProvider } from '@/domain/meterbeheer';
import { CreateFeedPage } from '~/features/meterbeheer/create-feed-page';

export const Route = createFileRoute('/_auth/admin/integrations/meterbeheer/feeds/create/$provider')({
  params: {
    parse: ({ provider }) => {
      if (!(CREATABLE_PROVIDERS as readonly string[]).includes(provider)) throw notFound();
      return { provider: provider as CreatableProvider };
    },
    stringify: ({ provider }) => ({ provider }),
  },
  component: CreateFeedRoute,
});

function CreateFeedRoute() {
  const { provider } = Route.useParams();
  return <CreateFeedPage provider={provider} />;
}
