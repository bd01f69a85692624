import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '~/components/layout/page-header';
import { listSearchSchema, toListQuery } from '~/components/lists/list-search';
import { ListView } from '~/components/lists/list-view';
import { loadListData } from '~/components/lists/load-list';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { OrganizationForm } from '~/features/organizations/organization-form';
import { useCreateOrganization } from '~/features/organizations/use-organization-mutations';
import { useTRPC } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/admin/organizations/')({
  validateSearch: listSearchSchema,
  loaderDeps: ({ search: { page, q } }) => ({ page, q }),
  loader: ({ context, deps, cause }) =>
    loadListData(cause, () => context.queryClient.ensureQueryData(context.trpc.organization.list.queryOptions(toListQuery(deps)))),
  component: OrganizationsPage,
});

function OrganizationsPage() {
  const trpc = useTRPC();
  const search = Route.useSearch();
  const { user } = Route.useRouteContext();
  const list = useQuery(trpc.organization.list.queryOptions(toListQuery(search), { placeholderData: keepPreviousData }));
  return (
    <section>
      <PageHeader title="Organisaties" description="De installatiebedrijven en hun locaties." actions={user.type === 'admin' ? <CreateOrganization /> : null} />
      <ListView
        search={search}
        searchLabel="Zoek op naam"
        rows={list.data?.organizations}
        totalPages={list.data?.totalNumberOfPages}
        query={list}
        empty="Er zijn nog geen organisaties."
        emptySearch="Geen organisaties gevonden."
        rowKey={(org) => org.id}
        columns={[
          {
            header: 'Naam',
            cell: (org) => (
              <Link to="/admin/organization/$organizationId" params={{ organizationId: org.id }} className="font-medium text-primary hover:underline">
                {org.name}
              </Link>
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
