import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { InvitationResult } from '@/domain/onboarding';
import { USER_TYPES, type UserType, userTypeLabels } from '@/domain/user';
import { PageHeader } from '~/components/layout/page-header';
import { CreateUserForm } from '~/features/users/create-user-form';
import { InvitationCreated } from '~/features/users/invitation-created';
import { useCreateUser, useInviteUser } from '~/features/users/use-user-mutations';
import { ensureUserFormData } from '~/features/users/user-form-data';
import { startLoading } from '~/lib/route-data';

export const Route = createFileRoute('/_auth/admin/users/create/$type')({
  params: {
    parse: ({ type }) => {
      if (!(USER_TYPES as readonly string[]).includes(type)) throw notFound();
      return { type: type as UserType };
    },
    stringify: ({ type }) => ({ type }),
  },
  beforeLoad: ({ context, params }) => {
    // Installers create customers only.
    if (context.user.type !== 'admin' && params.type !== 'customer') throw notFound();
  },
  // The form shows at once, as before; its pickers say 'Bezig met laden ...' until their options are in.
  loader: ({ context, params }) => startLoading(() => ensureUserFormData(context, params.type)),
  component: CreateUserPage,
});

function CreateUserPage() {
  const { type } = Route.useParams();
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
