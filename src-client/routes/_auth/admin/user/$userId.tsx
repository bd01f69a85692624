import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { userTypeLabels } from '@/domain/user';
import { PageHeader } from '~/components/layout/page-header';
import { DeleteButton } from '~/components/lists/delete-button';
import { SectionCard } from '~/components/ui/section-card';
import { EditUserForm } from '~/features/users/edit-user-form';
import { PasswordForm } from '~/features/users/password-form';
import { useDeleteUser, useUpdateUser, useUpdateUserPassword } from '~/features/users/use-user-mutations';
import { ensureUserFormData } from '~/features/users/user-form-data';
import { parseIdParam } from '~/lib/id-param';
import { loadOrNotFound } from '~/lib/load-or-not-found';
import { useTRPC } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/admin/user/$userId')({
  params: { parse: ({ userId }) => ({ userId: parseIdParam(userId) }), stringify: ({ userId }) => ({ userId: String(userId) }) },
  loader: ({ context, params }) =>
    loadOrNotFound(async () => {
      const user = await context.queryClient.ensureQueryData(context.trpc.user.get.queryOptions({ userId: params.userId }));
      await ensureUserFormData(context, user.type);
    }),
  component: UserPage,
});

function UserPage() {
  const trpc = useTRPC();
  const { userId } = Route.useParams();
  const { user: me } = Route.useRouteContext();
  const { data: user } = useSuspenseQuery(trpc.user.get.queryOptions({ userId }));
  const navigate = useNavigate();
  const update = useUpdateUser();
  const setPassword = useUpdateUserPassword();
  const remove = useDeleteUser();
  return (
    <section className="grid max-w-4xl gap-6 [&>*]:min-w-0">
      <PageHeader
        title={user.fullName ?? user.email}
        description={userTypeLabels[user.type]}
        actions={
          user.id === me.id ? null : (
            <DeleteButton
              title="Gebruiker verwijderen"
              description={`Weet je zeker dat je ${user.email} wilt verwijderen? Deze gebruiker kan daarna niet meer inloggen.`}
              onDelete={async () => {
                await remove.mutateAsync({ userId });
                await navigate({ to: '/admin/users' });
              }}
            />
          )
        }
      />
      <SectionCard title="Gegevens">
        <EditUserForm key={JSON.stringify(user)} user={user} onSubmit={(input) => update.mutateAsync(input)} />
      </SectionCard>
      <SectionCard title="Wachtwoord">
        <PasswordForm own={user.id === me.id} onSubmit={(values) => setPassword.mutateAsync({ userId, ...values })} />
      </SectionCard>
    </section>
  );
}
