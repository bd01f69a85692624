import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { User } from '@/domain/user';
import { PageHeader } from '~/components/layout/page-header';
import { TextLink } from '~/components/layout/text-link';
import { type ListSearch, toListQuery } from '~/components/lists/list-search';
import { ListView } from '~/components/lists/list-view';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { useTRPC } from '~/lib/trpc';
import { OrganizationForm } from './organization-form';
import { useCreateOrganization } from './use-organization-mutations';

export function OrganizationsPage({ search, user, onSearchChange }: { search: ListSearch; user: User; onSearchChange: (next: ListSearch) => void }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.organization.list.queryOptions(toListQuery(search), { placeholderData: keepPreviousData }));
  return (
    <section>
      <PageHeader title="Organisaties" description="De installatiebedrijven en hun locaties." actions={user.type === 'admin' ? <CreateOrganization /> : null} />
      <ListView
        search={search}
        onSearchChange={onSearchChange}
        searchLabel="Zoek op naam"
        rows={list.data?.organizations}
        query={list}
        empty="Er zijn nog geen organisaties."
        emptySearch="Geen organisaties gevonden."
        rowKey={(org) => org.id}
        columns={[
          {
            header: 'Naam',
            cell: (org) => (
              <TextLink to="/admin/organization/$organizationId" params={{ organizationId: org.id }}>
                {org.name}
              </TextLink>
            ),
          },
          { header: 'Locaties', className: 'text-right tabular-nums', cell: (org) => org.locations.length },
        ]}
      />
    </section>
  );
}

function CreateOrganization() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const create = useCreateOrganization();
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Organisatie toevoegen"
      trigger={
        <Button>
          <Plus aria-hidden className="size-4" />
          Organisatie toevoegen
        </Button>
      }
    >
      <OrganizationForm
        submitLabel="Toevoegen"
        onSubmit={async (name) => {
          const org = await create.mutateAsync({ name });
          setOpen(false);
          await navigate({ to: '/admin/organization/$organizationId', params: { organizationId: org.id } });
        }}
      />
    </Dialog>
  );
}
