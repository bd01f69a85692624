import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { InvitationResult } from '@/domain/onboarding';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Button } from '~/components/ui/button';
import { CopyableValue } from '~/components/ui/copy-button';
import { useTRPC } from '~/lib/trpc';

/**
 * The invitation just made, shown this once: mailed when the server has SMTP, otherwise the
 * inviter passes the link on. The link itself is never shown again (only its hash is stored).
 */
export function InvitationCreated({ invitation, email }: { invitation: InvitationResult; email: string }) {
  const trpc = useTRPC();
  const channels = useQuery(trpc.notification.channels.queryOptions());
  const mailed = channels.data?.email === true;
  return (
    <div className="grid max-w-xl gap-4">
      {mailed ? (
        <AlertBanner variant="primary" title="Uitnodiging verstuurd">
          We hebben {email} een e-mail gestuurd met een link om een wachtwoord te kiezen. De link is 72 uur geldig. Komt de e-mail niet aan? Geef de link
          hieronder dan zelf door.
        </AlertBanner>
      ) : (
        <AlertBanner variant="warning" title="Geef deze link zelf door">
          Er is geen SMTP-server ingesteld, dus er is geen e-mail verstuurd. Stuur {email} deze link; ermee kiest de gebruiker een wachtwoord. De link is 72 uur
          geldig, werkt één keer en wordt alleen nu getoond.
        </AlertBanner>
      )}
      <CopyableValue value={invitation.inviteUrl} name="Uitnodigingslink" copyLabel="Link kopiëren" />
      <div>
        <Button asChild variant="outline">
          <Link to="/admin/user/$userId" params={{ userId: invitation.id }}>
            Naar de gebruiker
          </Link>
        </Button>
      </div>
    </div>
  );
}
