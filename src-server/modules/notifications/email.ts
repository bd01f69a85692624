/**
 * Sends one notification mail over SMTP_URL from SMTP_FROM with nodemailer. Every
 * mail gets a Message-ID of its own notification, so a retry sends the same one; the first mail of
 * an alarm is the thread's root, and later ones carry `In-Reply-To`/`References` to it.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { NO_SMTP } from '@/domain/notification';
import type { Attempt } from './attempt';

export interface SmtpSettings {
  url?: string;
  from?: string;
}

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  threadRoot: string | null;
}

/** One pooled transport for the process; `send` answers an Attempt and never throws. */
export function createMailer(settings: SmtpSettings) {
  let transport: Transporter | undefined;
  const configured = Boolean(settings.url && settings.from);
  return {
    configured,
    async send(mail: Mail): Promise<Attempt> {
      if (!configured) return { ok: false, retry: false, error: NO_SMTP };
      if (mail.to.length === 0) return { ok: false, retry: false, error: 'Er is geen ontvanger met een e-mailadres.' };
      transport ??= nodemailer.createTransport(settings.url!, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
      try {
        await transport.sendMail({
          from: settings.from!,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          ...(mail.threadRoot && mail.threadRoot !== mail.messageId ? { inReplyTo: mail.threadRoot, references: [mail.threadRoot] } : {}),
        });
        return { ok: true, target: mail.to.join(', '), messageId: mail.messageId };
      } catch (error) {
        const { responseCode, message } = error as { responseCode?: number; message?: string };
        // A permanent SMTP answer (5xx) will not change by trying again; 4xx and network errors may.
        return { ok: false, retry: !(responseCode && responseCode >= 500), error: `E-mail mislukt: ${message ?? String(error)}` };
      }
    },
    close: () => transport?.close(),
  };
}
export type Mailer = ReturnType<typeof createMailer>;
