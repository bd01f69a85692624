import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { AlertBanner } from '~/components/ui/alert-banner';
import { AuthCard } from './auth-card';
import { ForgotPasswordForm } from './forgot-password-form';
import { SetPasswordForm } from './set-password-form';
import { useTRPC } from '~/lib/trpc';

const toLogin = (
  <Link to="/login" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
    Terug naar inloggen
  </Link>
);

/** "Wachtwoord vergeten": without a token, ask for a link; with the link's token, choose a new password. */
export function PasswordResetPage({ token }: { token: string | undefined }) {
  return token === undefined ? (
    <AuthCard title="Wachtwoord vergeten" description="Vul je e-mailadres in. Je krijgt een e-mail met een link om een nieuw wachtwoord te kiezen.">
      <div className="grid gap-4">
        <ForgotPasswordForm />
        {toLogin}
      </div>
    </AuthCard>
  ) : (
    <NewPassword token={token} />
  );
}

function NewPassword({ token }: { token: string }) {
  const trpc = useTRPC();
  const confirm = useMutation(trpc.onboarding.confirmPasswordReset.mutationOptions());
  const [done, setDone] = useState(false);
  return (
    <AuthCard title="Nieuw wachtwoord kiezen" description="Kies een nieuw wachtwoord. Daarna word je op alle apparaten uitgelogd.">
      <div className="grid gap-4">
        {done ? (
          <AlertBanner variant="primary" title="Wachtwoord gewijzigd">
            Je nieuwe wachtwoord is opgeslagen. Log in met je nieuwe wachtwoord.
          </AlertBanner>
        ) : (
          <SetPasswordForm
            submitLabel="Wachtwoord opslaan"
            onSubmit={async (password) => {
              await confirm.mutateAsync({ token, password });
              setDone(true);
            }}
          />
        )}
        {toLogin}
      </div>
    </AuthCard>
  );
}
