import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { InvitationResult } from '@/domain/onboarding';
import { type UserType, userTypeLabels } from '@/domain/user';
import { PageHeader } from '~/components/layout/page-header';
import { CreateUserForm } from './create-user-form';
import { InvitationCreated } from './invitation-created';
import { useCreateUser, useInviteUser } from './use-user-mutations';

export function CreateUserPage({ type }: { type: UserType }) {
  const navigate = useNavigate();
  const create = useCreateUser();
  const invite = useInviteUser();
  const [invited, setInvited] = useState<{ invitation: InvitationResult; email: string } | null>(null);
  return (
    <section>
      <PageHeader title={`${userTypeLabels[type]} toevoegen`} description={invited ? undefined : 'Velden met een * zijn verplicht.'} />
      {invited ? (
        <InvitationCreated invitation={invited.invitation} email={invited.email} />
      ) : (
        <CreateUserForm
          key={type}
          type={type}
          onCreate={async (input) => {
            const user = await create.mutateAsync(input);
            await navigate({ to: '/admin/user/$userId', params: { userId: user.id } });
          }}
          onInvite={async (input) => setInvited({ invitation: await invite.mutateAsync(input), email: input.email })}
        />
      )}
    </section>
  );
}
