import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { User } from '@/domain/user';
import { SavedNote } from '~/components/form/saved-note';
import { PageHeader } from '~/components/layout/page-header';
import { TextLink } from '~/components/layout/text-link';
import { DeleteButton } from '~/components/lists/delete-button';
import { EmptyRow } from '~/components/lists/list-controls';
import { SectionCard } from '~/components/ui/section-card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { useTRPC } from '~/lib/trpc';
import { ContactForm } from './contact-form';
import { OrganizationForm } from './organization-form';
import { useDeleteOrganization, useUpdateOrganization } from './use-organization-mutations';

export function OrganizationPage({ organizationId, user }: { organizationId: number; user: User }) {
  const trpc = useTRPC();
  const { data: org } = useSuspenseQuery(trpc.organization.get.queryOptions({ organizationId }));
  const navigate = useNavigate();
  const update = useUpdateOrganization();
  const contactUpdate = useUpdateOrganization();
  const remove = useDeleteOrganization();
  const isAdmin = user.type === 'admin';
  return (
    <section className="grid max-w-4xl gap-6 [&>*]:min-w-0">
      <PageHeader
        title={org.name}
        description="Organisatie"
        actions={
          isAdmin ? (
            <DeleteButton
              title="Organisatie verwijderen"
              description={`Weet je zeker dat je '${org.name}' wilt verwijderen? Dit kan niet ongedaan worden gemaakt.`}
              onDelete={async () => {
                await remove.mutateAsync({ organizationId });
                await navigate({ to: '/admin/organizations' });
              }}
            />
          ) : null
        }
      />
      {isAdmin ? (
        <SectionCard title="Gegevens">
          <OrganizationForm key={org.name} name={org.name} submitLabel="Opslaan" onSubmit={(name) => update.mutateAsync({ organizationId, name })} />
          {update.isSuccess ? <SavedNote below /> : null}
        </SectionCard>
      ) : null}
      {isAdmin ? (
        <SectionCard title="Contact voor klanten">
          <p className="mb-4 text-sm text-muted-foreground">
            Klanten zien dit op hun locatiepagina (als de locatie storingen en onderhoud toont) en in hun maandoverzicht.
          </p>
          <ContactForm key={JSON.stringify(org.contact)} contact={org.contact} onSubmit={(contact) => contactUpdate.mutateAsync({ organizationId, contact })} />
          {contactUpdate.isSuccess ? <SavedNote below /> : null}
        </SectionCard>
      ) : null}
      <SectionCard title="Locaties">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Naam</TableHead>
              <TableHead>Adres</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {org.locations.length === 0 ? (
              <EmptyRow columns={2} loading={false} empty="Deze organisatie heeft nog geen locaties." />
            ) : (
              org.locations.map((location) => (
                <TableRow key={location.id}>
                  <TableCell>
                    <TextLink to="/admin/location/$locationId" params={{ locationId: location.id }}>
                      {location.name}
                    </TextLink>
                  </TableCell>
                  <TableCell>
                    {location.streetAddress}
                    {location.unit ? ` ${location.unit}` : ''}, {location.zipcode} {location.city}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </SectionCard>
    </section>
  );
}
