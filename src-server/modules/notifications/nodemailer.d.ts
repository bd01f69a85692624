/** The part of nodemailer 10 this module uses (the package ships no types; @types/nodemailer lags behind). */
declare module 'nodemailer' {
  export interface SendMailOptions {
    from: string | { name: string; address: string };
    to: string[];
    subject: string;
    text: string;
    html: string;
    messageId: string;
    inReplyTo?: string;
    references?: string[];
    headers?: Record<string, string>;
  }
  export interface Transporter {
    sendMail(options: SendMailOptions): Promise<{ messageId: string; accepted: unknown[]; rejected: unknown[] }>;
    close(): void;
  }
  export function createTransport(options: ({ url: string } & Record<string, unknown>) | string, defaults?: Record<string, unknown>): Transporter;
  const nodemailer: { createTransport: typeof createTransport };
  export default nodemailer;
}
