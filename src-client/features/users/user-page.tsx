import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type User, userTypeLabels } from '@/domain/user';
import { PageHeader } from '~/components/layout/page-header';
import { DeleteButton } from '~/components/lists/delete-button';
import { SectionCard } from '~/components/ui/section-card';
import { useTRPC } from '~/lib/trpc';
import { EditUserForm } from './edit-user-form';
import { PasswordForm } from './password-form';
import { useDeleteUser, useUpdateUser, useUpdateUserPassword } from './use-user-mutations';

export function UserPage({ userId, me }: { userId: number; me: User }) {
  const trpc = useTRPC();
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
