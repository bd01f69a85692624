import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type User, type UserType, userTypeLabels } from '@/domain/user';
import { AddLink } from '~/components/lists/add-link';
import { PageHeader } from '~/components/layout/page-header';
import { TextLink } from '~/components/layout/text-link';
import { type ListSearch, toListQuery } from '~/components/lists/list-search';
import { ListView } from '~/components/lists/list-view';
import { useTRPC } from '~/lib/trpc';

export function UsersPage({ search, user, onSearchChange }: { search: ListSearch; user: User; onSearchChange: (next: ListSearch) => void }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.user.list.queryOptions(toListQuery(search), { placeholderData: keepPreviousData }));
  const creatable: UserType[] = user.type === 'admin' ? ['admin', 'installer', 'customer'] : ['customer'];
  return (
    <section>
      <PageHeader
        title="Gebruikers"
        actions={creatable.map((type) => (
          <AddLink key={type} to="/admin/users/create/$type" params={{ type }} variant={type === 'customer' ? 'default' : 'outline'}>
            {userTypeLabels[type]} toevoegen
          </AddLink>
        ))}
      />
      <ListView
        search={search}
        onSearchChange={onSearchChange}
        searchLabel="Zoek op naam of e-mailadres"
        rows={list.data?.users}
        query={list}
        empty="Er zijn nog geen gebruikers."
        emptySearch="Geen gebruikers gevonden."
        rowKey={(row) => row.id}
        columns={[
          {
            header: 'E-mailadres',
            cell: (row) => (
              <TextLink to="/admin/user/$userId" params={{ userId: row.id }}>
                {row.email}
              </TextLink>
            ),
          },
          { header: 'Naam', cell: (row) => row.fullName ?? '–' },
          { header: 'Type', cell: (row) => userTypeLabels[row.type] },
        ]}
      />
    </section>
  );
}
