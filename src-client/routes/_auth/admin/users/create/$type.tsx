import { createFileRoute, notFound } from '@tanstack/react-router';
import { USER_TYPES, type UserType } from '@/domain/user';
import { CreateUserPage } from '~/features/users/create-user-page';
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
  component: CreateUserRoute,
});

function CreateUserRoute() {
  const { type } = Route.useParams();
  return <CreateUserPage type={type} />;
}
