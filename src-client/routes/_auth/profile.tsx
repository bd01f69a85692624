import { createFileRoute } from '@tanstack/react-router';
import { userTypeLabels } from '@/domain/user';
import { AppHeader } from '~/components/layout/app-header';
import { PageHeader } from '~/components/layout/page-header';
import { SectionCard } from '~/components/ui/section-card';
import { ContactMethodsCard } from '~/features/contact-methods/contact-methods-card';
import { InstallAppCard } from '~/features/contact-methods/install-app-card';
import { CalendarFeedCard } from '~/features/schedules/calendar-feed-card';
import { NtfyCard } from '~/features/contact-methods/ntfy-card';
import { TelegramCard } from '~/features/contact-methods/telegram-card';
import { OwnPasswordCard } from '~/features/users/one-time-password';

export const Route = createFileRoute('/_auth/profile')({
  component: ProfilePage,
});

function ProfilePage() {
  const { user } = Route.useRouteContext();
  return (
    <div className="min-h-full bg-muted">
      <AppHeader user={user} />
      <main className="mx-auto grid max-w-3xl gap-6 px-4 py-6 md:py-8">
        <PageHeader title="Mijn profiel" />
        <SectionCard title="Account">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Naam</dt>
            <dd>{user.fullName ?? '—'}</dd>
            <dt className="text-muted-foreground">E-mail</dt>
            <dd className="break-all">{user.email}</dd>
            <dt className="text-muted-foreground">Rol</dt>
            <dd>{userTypeLabels[user.type]}</dd>
          </dl>
        </SectionCard>
        {/* Changing a password is for staff; a customer's is set by their installer or a reset link. */}
        {user.type === 'customer' ? null : <OwnPasswordCard user={user} />}
        {user.type === 'customer' ? null : <CalendarFeedCard />}
        {user.type === 'customer' ? null : <ContactMethodsCard />}
        {user.type === 'customer' ? null : <InstallAppCard />}
        {user.type === 'customer' ? null : <NtfyCard />}
        {user.type === 'customer' ? null : <TelegramCard />}
      </main>
    </div>
  );
}
