/** The Dutch invitation and password-reset mails: plain text and the same as simple HTML, each with its one-time link. */
import { userTypeLabels, type User } from '@/domain/user';
import { escapeHtml } from '@/domain/text';

export interface LinkMail {
  subject: string;
  text: string;
  html: string;
}

function mail(subject: string, paragraphs: string[], url: string, button: string, after: string): LinkMail {
  const text = [...paragraphs, url, after].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(url)}">${escapeHtml(button)}</a></p>`,
    `<p>${escapeHtml(url)}</p>`,
    `<p>${escapeHtml(after)}</p>`,
  ].join('');
  return { subject, text, html };
}

const greeting = (user: Pick<User, 'fullName'>) => (user.fullName ? `Hallo ${user.fullName},` : 'Hallo,');

/** An invitation names the firm that sends it (not the account that clicked "Uitnodigen", which may be the first admin's "Beheerder"). */
export function invitationMail(user: User, firmName: string | null, url: string): LinkMail {
  const role = userTypeLabels[user.type].toLowerCase();
  return mail(
    firmName ? `Uitnodiging van ${firmName} voor Energiebeheer` : 'Uitnodiging voor Energiebeheer',
    [
      greeting(user),
      `${firmName ?? 'Je beheerder'} heeft je uitgenodigd voor Energiebeheer als ${role}, met het e-mailadres ${user.email}.`,
      'Kies via de link hieronder je wachtwoord; daarna ben je meteen ingelogd. De link is 72 uur geldig en werkt één keer.',
    ],
    url,
    'Wachtwoord kiezen',
    'Verwachtte je deze uitnodiging niet? Dan kun je deze e-mail negeren.',
  );
}

export function passwordResetMail(user: Pick<User, 'fullName' | 'email'>, url: string): LinkMail {
  return mail(
    'Wachtwoord opnieuw instellen',
    [
      greeting(user),
      `Er is gevraagd om het wachtwoord van je account bij Energiebeheer (${user.email}) opnieuw in te stellen.`,
      'Kies via de link hieronder een nieuw wachtwoord. De link is 1 uur geldig en werkt één keer; daarna word je op andere apparaten uitgelogd.',
    ],
    url,
    'Nieuw wachtwoord kiezen',
    'Heb je dit niet gevraagd? Dan kun je deze e-mail negeren; je wachtwoord blijft hetzelfde.',
  );
}
