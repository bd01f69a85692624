import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { userTypeLabels } from '@/domain/user';
import { SectionCard } from '~/components/ui/section-card';
import { DeleteButton } from '~/features/lists/delete-button';
import { parseIdParam } from '~/features/lists/id-param';
import { loadOrNotFound } from '~/features/lists/load-or-not-found';
import { PageHeader } from '~/features/lists/page-header';
import { EditUserForm } from '~/features/users/edit-user-form';
import { PasswordForm } from '~/features/users/password-form';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/admin/user/$userId')({
  params: { parse: ({ userId }) => ({ userId: parseIdParam(userId) }), stringify: ({ userId }) => ({ userId: String(userId) }) },
  loader: ({ context, params }) => loadOrNotFound(() => context.utils.user.get.ensureData({ userId: params.userId })),
  component: UserPage,
});

function UserPage() {
  const { userId } = Route.useParams();
  const { user: me } = Route.useRouteContext();
  const [user] = trpc.user.get.useSuspenseQuery({ userId });
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const update = trpc.user.update.useMutation({ onSuccess: () => Promise.all([utils.user.invalidate(), utils.auth.me.invalidate()]) });
  const setPassword = trpc.user.updatePassword.useMutation();
  const remove = trpc.user.delete.useMutation();
  return (
    <section className="grid max-w-4xl gap-6">
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
                await utils.user.invalidate();
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
        <PasswordForm onSubmit={(password) => setPassword.mutateAsync({ userId, password })} />
      </SectionCard>
    </section>
  );
}
