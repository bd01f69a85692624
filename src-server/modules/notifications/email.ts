/**
 * Sends one notification mail over SMTP_URL from SMTP_FROM with nodemailer. Every
 * mail gets a Message-ID of its own notification, so a retry sends the same one; the first mail of
 * an alarm is the thread's root, and later ones carry `In-Reply-To`/`References` to it.
 * The sender's name is the firm's (FIRM_NAME) when it is set; Message-IDs end in PUBLIC_URL's host.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { NO_SMTP } from '@/domain/notification';
import type { Attempt } from './attempt';

export interface SmtpSettings {
  url?: string;
  from?: string;
  /** FIRM_NAME: the name people see as the sender, instead of SMTP_FROM's own. */
  firmName?: string;
  /** PUBLIC_URL: its host ends every Message-ID. */
  publicUrl?: string;
}

const ADDRESS = /^(?:\s*"?(.*?)"?\s*<([^\s@<>]+@[^\s@<>]+)>|\s*([^\s@<>]+@[^\s@<>]+))\s*$/;

/** SMTP_FROM's display name and address: `Energiebeheer <alarm@example.nl>` or a bare address. */
function parseFrom(from: string) {
  const m = ADDRESS.exec(from);
  return m ? { name: (m[1] ?? '').trim(), address: m[2] ?? m[3]! } : { name: '', address: from.trim() };
}

const isLocalHost = (host: string) => host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '[::1]' || !host.includes('.');

/**
 * The right-hand side of our Message-IDs: PUBLIC_URL's host. A console left at its default
 * (`localhost`) has no name the world knows, so there the sender's own domain stands in.
 */
function messageIdDomain(publicUrl: string | undefined, from: string | undefined) {
  const host = publicUrl ? new URL(publicUrl).hostname : '';
  if (host && !isLocalHost(host)) return host;
  const domain = from ? parseFrom(from).address.split('@')[1] : undefined;
  return domain || host || 'energiebeheer.invalid';
}

/** The firm's name for the mails' texts: FIRM_NAME, else SMTP_FROM's display name; null when neither names one. */
function firmNameOf(settings: SmtpSettings): string | null {
  const name = settings.firmName?.trim() || (settings.from ? parseFrom(settings.from).name : '');
  return name && name.toLowerCase() !== 'energiebeheer' ? name : null;
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
  const sender = settings.from ? parseFrom(settings.from) : null;
  // nodemailer quotes and encodes the name itself (an é, a comma).
  const from = sender && settings.firmName?.trim() ? { name: settings.firmName.trim(), address: sender.address } : settings.from;
  const domain = messageIdDomain(settings.publicUrl, settings.from);
  return {
    configured,
    /** The firm's name, for the texts of invitations and the like; null when none is set. */
    firmName: firmNameOf(settings),
    /** A Message-ID on our own host: `<local@host>`. */
    messageId: (local: string) => `<${local}@${domain}>`,
    async send(mail: Mail): Promise<Attempt> {
      if (!configured) return { ok: false, retry: false, error: NO_SMTP };
      if (mail.to.length === 0) return { ok: false, retry: false, error: 'Er is geen ontvanger met een e-mailadres.' };
      // A few connections kept open and reused: a connection and its greeting per mail cost more than the mail.
      // (The options go beside `url`: given as a second argument they would be the mails' defaults.)
      transport ??= nodemailer.createTransport({
        url: settings.url!,
        pool: true,
        maxConnections: 5,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      });
      try {
        await transport.sendMail({
          from: from!,
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
