import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { loginSchema } from '@/domain/auth';
import { formSchema } from '~/components/form/form-schema';
import { JsForm } from '~/components/form/js-form';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Spinner } from '~/components/ui/spinner';
import { LoginError, login } from '~/lib/auth-client';
import { useAppForm } from '~/components/form/use-app-form';

export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const form = useAppForm({
    defaultValues: { email: '', password: '' },
    validators: { onSubmit: formSchema<{ email: string; password: string }>(loginSchema) },
    onSubmit: async ({ value }) => {
      setFailure(null);
      try {
        await login(value.email.trim(), value.password);
      } catch (error) {
        setFailure(error instanceof LoginError ? error.message : 'Inloggen is niet gelukt door een onbekende fout. Probeer het later opnieuw.');
        return;
      }
      queryClient.clear();
      await router.navigate({ href: redirectTo, replace: true });
    },
  });

  return (
    <Card className="w-full max-w-sm">
      <CardHeader>
        <CardTitle>
          <h1>Inloggen</h1>
        </CardTitle>
        <CardDescription>Log in met je e-mailadres en wachtwoord.</CardDescription>
      </CardHeader>
      <CardContent>
        <JsForm
          noValidate
          className="grid gap-4"
          onSubmit={() => {
            // A new attempt clears the old reason, also when this one stops at a field's message.
            setFailure(null);
            setAttempt((n) => n + 1);
            void form.handleSubmit();
          }}
        >
          {failure ? (
            // A new element per attempt, so a screen reader announces a repeated reason again.
            <AlertBanner key={attempt} variant="error" title="Inloggen mislukt">
              {failure}
            </AlertBanner>
          ) : null}
          <form.AppField name="email">
            {(field) => <field.TextField label="E-mailadres" type="email" autoComplete="username" required autoFocus />}
          </form.AppField>
          <form.AppField name="password">
            {(field) => <field.TextField label="Wachtwoord" type="password" autoComplete="current-password" required />}
          </form.AppField>
          <Link to="/password-reset" className="-mt-2 justify-self-end text-sm font-medium text-primary underline-offset-4 hover:underline">
            Wachtwoord vergeten
          </Link>
          <form.Subscribe selector={(s) => s.isSubmitting}>
            {(isSubmitting) => (
              <Button type="submit" disabled={isSubmitting} className="w-full">
                {isSubmitting ? <Spinner /> : null}
                Inloggen
              </Button>
            )}
          </form.Subscribe>
        </JsForm>
      </CardContent>
    </Card>
  );
}
