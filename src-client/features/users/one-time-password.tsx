import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { User } from '@/domain/user';
import { AlertBanner } from '~/components/ui/alert-banner';
import { SectionCard } from '~/components/ui/section-card';
import { useTRPC } from '~/lib/trpc';
import { PasswordForm } from './password-form';
import { useUpdateUserPassword } from './use-user-mutations';

/** Whether the signed-in user still has the password printed at the first start. */
function useOneTimePassword() {
  const trpc = useTRPC();
  return useQuery(trpc.user.oneTimePassword.queryOptions(undefined, { staleTime: 60_000 })).data === true;
}

/** On every page until it is done: the first admin is asked to replace the password the log printed. */
export function OneTimePasswordBanner() {
  if (!useOneTimePassword()) return null;
  return (
    <div className="px-4 pt-3">
      <AlertBanner variant="warning" title="Kies je eigen wachtwoord" className="mx-auto max-w-6xl">
        Je logt in met het eenmalige wachtwoord dat bij de eerste start in het logboek stond. Iedereen die dat logboek kan lezen, kent het.{' '}
        <Link to="/profile" hash="wachtwoord" className="font-medium underline underline-offset-4">
          Wachtwoord wijzigen
        </Link>
      </AlertBanner>
    </div>
  );
}

/** The profile's own password: the current one, then a new one; other sign-ins end. */
export function OwnPasswordCard({ user }: { user: User }) {
  const setPassword = useUpdateUserPassword();
  const oneTime = useOneTimePassword();
  return (
    <div id="wachtwoord" className="scroll-mt-4">
      <SectionCard title="Wachtwoord">
        {oneTime ? (
          <p className="mb-3 text-sm">
            Je gebruikt nog het eenmalige wachtwoord van de eerste start. Vul het hieronder in als huidig wachtwoord en kies een eigen wachtwoord.
          </p>
        ) : null}
        <PasswordForm own onSubmit={(values) => setPassword.mutateAsync({ userId: user.id, ...values })} />
      </SectionCard>
    </div>
  );
}
