import { keepPreviousData } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { EmptyRow, Pager, SearchBox } from '~/features/lists/list-controls';
import { listSearchSchema, toListQuery } from '~/features/lists/list-search';
import { PageHeader } from '~/features/lists/page-header';
import { OrganizationForm } from '~/features/organizations/organization-form';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/admin/organizations/')({
  validateSearch: listSearchSchema,
  component: OrganizationsPage,
});

function OrganizationsPage() {
  const search = Route.useSearch();
  const { user } = Route.useRouteContext();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data, isFetching } = trpc.organization.list.useQuery(toListQuery(search), { placeholderData: keepPreviousData });
  const onSearch = useCallback((q: string) => void navigate({ search: { q: q || undefined, page: undefined } }), [navigate]);
  const rows = data?.organizations ?? [];
  return (
    <section>
      <PageHeader title="Organisaties" description="De installatiebedrijven en hun locaties." actions={user.type === 'admin' ? <CreateOrganization /> : null} />
      <div className="mb-4">
        <SearchBox label="Zoek op naam" value={search.q ?? ''} onSearch={onSearch} />
      </div>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Naam</TableHead>
            <TableHead className="text-right">Locaties</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <EmptyRow columns={2} loading={!data && isFetching} empty={search.q ? 'Geen organisaties gevonden.' : 'Er zijn nog geen organisaties.'} />
          ) : (
            rows.map((org) => (
              <TableRow key={org.id}>
                <TableCell>
                  <Link to="/admin/organization/$organizationId" params={{ organizationId: org.id }} className="font-medium text-primary hover:underline">
                    {org.name}
                  </Link>
                </TableCell>
                <TableCell className="text-right tabular-nums">{org.locations.length}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <div className="mt-4">
        <Pager page={search.page ?? 1} totalPages={data?.totalNumberOfPages ?? 0} onPage={(page) => void navigate({ search: (s) => ({ ...s, page }) })} />
      </div>
    </section>
  );
}

function CreateOrganization() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.organization.create.useMutation();
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
          await utils.organization.invalidate();
          setOpen(false);
          await navigate({ to: '/admin/organization/$organizationId', params: { organizationId: org.id } });
        }}
      />
    </Dialog>
  );
}
