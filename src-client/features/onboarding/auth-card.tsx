import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { usePageTitle } from '~/components/layout/use-page-title';

/** The centred card of the pages before sign-in: login, invitation, password reset. */
export function AuthCard({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <main className="flex min-h-full items-center justify-center bg-muted px-4 py-12">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle>
            <h1>{title}</h1>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  );
}
