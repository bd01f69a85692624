/**
 * Configuration from the environment. Everything is optional; an invalid value
 * stops start-up with one clear line (ConfigError).
 */
import { X509Certificate, createECDH, createPrivateKey, randomBytes } from 'node:crypto';
import { accessSync, chmodSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { emailSchema, newPasswordSchema } from '@/domain/auth';
import { DEFAULT_HUB_URL } from './modules/meterbeheer/hub-client';
import { type KeepRule, type Schedule, parseKeep, parseSchedule } from './modules/backups/backup-policy';
import { ConfigError } from './platform/errors';
import type { VapidKeys } from './modules/contact-methods/contact-adapter';

// PORT=0 lets the OS pick a free port (the URL printed at start says which).
const port = v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(65535));

const envSchema = v.object({
  PORT: v.optional(port, '3000'),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '0.0.0.0'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), './data'),
  ADMIN_EMAIL: v.optional(emailSchema),
  ADMIN_PASSWORD: v.optional(newPasswordSchema),
  METERBEHEER_API_URL: v.optional(v.pipe(v.string(), v.url()), DEFAULT_HUB_URL),
  METERBEHEER_API_KEY: v.optional(v.string()),
  METERBEHEER_SYNC_INTERVAL: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(60)), '3600'),
  METERBEHEER_HISTORY_DAYS: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(3650)), '730'),
  // PostgreSQL instead of the SQLite file in DATA_DIR.
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\/\S+$/i, 'must be a postgres:// URL'))),
  DATABASE_POOL_SIZE: v.optional(
    v.pipe(
      v.string(),
      v.transform(Number),
      v.integer('must be a whole number from 1 to 1000'),
      v.minValue(1, 'must be a whole number from 1 to 1000'),
      v.maxValue(1000, 'must be a whole number from 1 to 1000'),
    ),
    '10',
  ),
  GRAPH_LOGIN_URL: v.optional(v.pipe(v.string(), v.url())),
  GRAPH_API_URL: v.optional(v.pipe(v.string(), v.url())),
  SECRET_KEY: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  SMTP_URL: v.optional(v.pipe(v.string(), v.url('must be a URL'), v.regex(/^smtps?:\/\//i, 'must start with smtp:// or smtps://'))),
  SMTP_FROM: v.optional(
    v.pipe(v.string(), v.regex(/^(.*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'must be an address, e.g. Energiebeheer <alarm@example.com>')),
  ),
  // The SMTP receiver: devices mail a dashboard's receiving address straight to the product. Off without SMTP_LISTEN.
  SMTP_LISTEN: v.optional(port),
  SMTP_LISTEN_HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '0.0.0.0'),
  // The receiving addresses' domain (its MX points here); default PUBLIC_URL's host.
  SMTP_DOMAIN: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9.-]+$/, 'must be a domain name, e.g. alarm.example.nl'))),
  // PEM files: STARTTLS is offered when both are set.
  SMTP_TLS_CERT: v.optional(v.pipe(v.string(), v.nonEmpty())),
  SMTP_TLS_KEY: v.optional(v.pipe(v.string(), v.nonEmpty())),
  // The firm's name: the sender's name on every mail and the name invitations give.
  FIRM_NAME: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'must be at most 100 characters'))),
  // Where the console is reached from outside: the links in notifications.
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.url('must be a URL'), v.regex(/^https?:\/\//i, 'must start with http:// or https://'))),
  NOTIFY_ALLOW_PRIVATE_TARGETS: v.optional(v.picklist(['true', 'false'], 'must be true or false'), 'false'),
  // The installation's Telegram bot (from @BotFather), and the Bot API's address (a simulator in tests).
  TELEGRAM_BOT_TOKEN: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'must be a bot token from @BotFather, e.g. 123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11')),
  ),
  TELEGRAM_API_URL: v.optional(
    v.pipe(v.string(), v.url('must be a URL'), v.regex(/^https?:\/\//i, 'must start with http:// or https://')),
    'https://api.telegram.org',
  ),
  // How many reverse proxies in front add themselves to X-Forwarded-For: `true` is one.
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(true|false|\d)$/, 'must be false, true or the number of proxies (0-9)'),
      v.transform((s) => (s === 'true' ? 1 : s === 'false' ? 0 : Number(s))),
    ),
    'false',
  ),
  // IMAP sources on loopback, private and link-local addresses: for an internal mail server (and tests).
  MAIL_ALLOW_PRIVATE_HOSTS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(true|false)$/, 'must be true or false'),
      v.transform((s) => s === 'true'),
    ),
    'false',
  ),
  // Backups: where, when (`off` or local times `HH:mm`, comma separated), which are kept, encrypted with what.
  BACKUP_DIR: v.optional(v.pipe(v.string(), v.nonEmpty())),
  BACKUP_SCHEDULE: v.optional(
    v.pipe(
      v.string(),
      v.check((s) => parseSchedule(s) !== null, 'must be off or local times HH:mm separated by commas, e.g. 03:00'),
      v.transform((s) => parseSchedule(s)!),
    ),
    '03:00',
  ),
  BACKUP_KEEP: v.optional(
    v.pipe(
      v.string(),
      v.check((s) => parseKeep(s) !== null, 'must be counts per day, week, month or year, e.g. 7d,4w,12m'),
      v.transform((s) => parseKeep(s)!),
    ),
    '7d,4w,12m',
  ),
  BACKUP_PASSPHRASE: v.optional(v.pipe(v.string(), v.minLength(12, 'must be at least 12 characters'))),
  // GET /metrics answers only with `Authorization: Bearer <METRICS_TOKEN>`; without it /metrics is off (404).
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  // Web Push: the VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints it); without both, a pair is made once in DATA_DIR.
  VAPID_PUBLIC_KEY: v.optional(v.pipe(v.string(), v.regex(/^B[A-Za-z0-9_-]{86}$/, 'must be an uncompressed P-256 public key in base64url (87 characters)'))),
  VAPID_PRIVATE_KEY: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)'))),
  VAPID_SUBJECT: v.optional(v.pipe(v.string(), v.regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL'))),
  // One line per request and job run: `json`, or `pretty` for a person (default: pretty on a terminal, else json).
  LOG_FORMAT: v.optional(v.picklist(['json', 'pretty'], 'must be json or pretty')),
});

/** Every variable the product reads (README's configuration table lists each; compose.yaml sets only these). */
export const CONFIG_VARIABLES = Object.keys(envSchema.entries);

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** A postgres:// URL; without it the SQLite file in dataDir. */
  databaseUrl?: string;
  databasePoolSize: number;
  adminEmail?: string;
  adminPassword?: string;
  meterbeheerApiUrl: string;
  meterbeheerApiKey?: string;
  meterbeheerSyncInterval: number;
  meterbeheerHistoryDays: number;
  secretKey: string;
  graphLoginUrl?: string;
  graphApiUrl?: string;
  trustProxy: number;
  mailAllowPrivateHosts: boolean;
  smtpUrl?: string;
  smtpFrom?: string;
  /** The SMTP receiver: listening only with a port (SMTP_LISTEN). */
  smtpReceiver: { port?: number; host: string; domain: string; tls?: { cert: string; key: string } };
  firmName?: string;
  publicUrl: string;
  notifyAllowPrivateTargets: boolean;
  telegramBotToken?: string;
  telegramApiUrl: string;
  backupDir: string;
  backupSchedule: Schedule;
  backupKeep: KeepRule;
  backupPassphrase?: string;
  metricsToken?: string;
  logFormat: 'json' | 'pretty';
  /** Web Push: the server's VAPID keys and subject. */
  vapid: VapidKeys;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = v.safeParse(envSchema, present);
  if (!result.success) {
    const issue = result.issues[0];
    const key = issue.path?.map((p) => String(p.key)).join('.') ?? 'environment';
    throw new ConfigError(`Invalid configuration: ${key}: ${issue.message}`);
  }
  const e = result.output;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together');
  }
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && publicKeyOf(e.VAPID_PRIVATE_KEY) !== e.VAPID_PUBLIC_KEY) {
    throw new ConfigError('Invalid configuration: VAPID_PUBLIC_KEY does not belong to VAPID_PRIVATE_KEY');
  }
  if (Boolean(e.SMTP_TLS_CERT) !== Boolean(e.SMTP_TLS_KEY)) {
    throw new ConfigError('Invalid configuration: set SMTP_TLS_CERT and SMTP_TLS_KEY together');
  }
  const smtpTls = e.SMTP_TLS_CERT && e.SMTP_TLS_KEY ? readTlsFiles(e.SMTP_TLS_CERT, e.SMTP_TLS_KEY) : undefined;
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration: set ADMIN_EMAIL and ADMIN_PASSWORD together');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  // Only its owner may read the database and the key: the folder is made 0700, its files 0600.
  // An existing folder is tightened too (a Docker volume always exists before the first start).
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
    accessSync(dataDir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EPERM' && code !== 'EROFS') throw error;
    throw new ConfigError(notWritable(dataDir));
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    meterbeheerApiUrl: e.METERBEHEER_API_URL,
    meterbeheerApiKey: e.METERBEHEER_API_KEY,
    meterbeheerSyncInterval: e.METERBEHEER_SYNC_INTERVAL,
    meterbeheerHistoryDays: e.METERBEHEER_HISTORY_DAYS,
    secretKey: e.SECRET_KEY ?? readOrCreateSecretKey(dataDir),
    trustProxy: e.TRUST_PROXY,
    mailAllowPrivateHosts: e.MAIL_ALLOW_PRIVATE_HOSTS,
    graphLoginUrl: e.GRAPH_LOGIN_URL,
    graphApiUrl: e.GRAPH_API_URL,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    smtpReceiver: {
      port: e.SMTP_LISTEN,
      host: e.SMTP_LISTEN_HOST,
      domain: (e.SMTP_DOMAIN ?? new URL(e.PUBLIC_URL ?? 'http://localhost').hostname).toLowerCase(),
      tls: smtpTls,
    },
    firmName: e.FIRM_NAME || undefined,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    notifyAllowPrivateTargets: e.NOTIFY_ALLOW_PRIVATE_TARGETS === 'true',
    telegramBotToken: e.TELEGRAM_BOT_TOKEN,
    telegramApiUrl: e.TELEGRAM_API_URL,
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    backupSchedule: e.BACKUP_SCHEDULE,
    backupKeep: e.BACKUP_KEEP,
    backupPassphrase: e.BACKUP_PASSPHRASE,
    metricsToken: e.METRICS_TOKEN,
    logFormat: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    vapid: {
      ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : readOrCreateVapidKeys(dataDir)),
      subject: e.VAPID_SUBJECT ?? vapidSubject(e.SMTP_FROM, e.PUBLIC_URL),
    },
  };
}

/** DATA_DIR that this user cannot own (a bind mount made by root): one line with the fix. */
const notWritable = (dataDir: string) => {
  const uid = process.getuid?.();
  const chown = uid === undefined ? '' : ` (bijvoorbeeld: chown -R ${uid}:${process.getgid?.() ?? uid} <map op de host>)`;
  return `DATA_DIR ${dataDir} is niet van deze gebruiker${uid === undefined ? '' : ` (uid ${uid})`} of niet beschrijfbaar: geef de map aan deze gebruiker${chown} of gebruik een Docker-volume.`;
};

/** Without SECRET_KEY the key lives beside the database, created once, readable by the owner only. */
function readOrCreateSecretKey(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    return readFileSync(file, 'utf8').trim();
  }
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key + '\n', { mode: 0o600 });
  return key;
}

/** The base64url public key of a base64url P-256 private key. */
function publicKeyOf(privateKey: string) {
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  } catch {
    throw new ConfigError('Invalid configuration: VAPID_PRIVATE_KEY is not a valid P-256 private key');
  }
  return ecdh.getPublicKey().toString('base64url');
}

/**
 * Without VAPID_* the pair lives beside the database, made once, readable by the owner only: the
 * browsers' subscriptions are bound to the public key, so a new pair would silence every phone.
 */
function readOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid.json');
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: string; privateKey?: string };
    if (!keys.privateKey || publicKeyOf(keys.privateKey) !== keys.publicKey) {
      throw new ConfigError(`Invalid configuration: ${file} holds no matching VAPID key pair; restore it from a backup of DATA_DIR`);
    }
    return { publicKey: keys.publicKey, privateKey: keys.privateKey };
  }
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url') };
  writeFileSync(file, JSON.stringify(keys, null, 2) + '\n', { mode: 0o600 });
  return keys;
}

/** Whom push services contact about this sender: the notifications' From address, else the console's https address. */
function vapidSubject(smtpFrom: string | undefined, publicUrl: string | undefined) {
  const address = smtpFrom && /<([^<>]+)>\s*$/.exec(smtpFrom)?.[1];
  if (smtpFrom) return `mailto:${address ?? smtpFrom.trim()}`;
  if (publicUrl?.startsWith('https://')) return publicUrl.replace(/\/+$/, '');
  return `mailto:beheer@${publicUrl ? new URL(publicUrl).hostname : 'localhost'}`;
}

function readPem(name: string, file: string) {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'not readable by this user' : code === 'EISDIR' ? 'a folder, not a file' : code;
    throw new ConfigError(`Invalid configuration: ${name}: ${file}: ${why}`);
  }
}

/**
 * The receiver's STARTTLS files must be there, parse, and belong together: found out at start, not at
 * a sender's first STARTTLS. Read once, here; the receiver gets their PEM text.
 */
function readTlsFiles(certFile: string, keyFile: string) {
  const certPem = readPem('SMTP_TLS_CERT', certFile);
  const keyPem = readPem('SMTP_TLS_KEY', keyFile);
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(certPem);
  } catch {
    throw new ConfigError(`Invalid configuration: SMTP_TLS_CERT: ${certFile} holds no PEM certificate`);
  }
  let key: ReturnType<typeof createPrivateKey>;
  try {
    key = createPrivateKey(keyPem);
  } catch {
    throw new ConfigError(`Invalid configuration: SMTP_TLS_KEY: ${keyFile} holds no unencrypted PEM private key`);
  }
  if (!cert.checkPrivateKey(key)) throw new ConfigError(`Invalid configuration: SMTP_TLS_KEY: ${keyFile} does not belong to the certificate in ${certFile}`);
  return { cert: certPem, key: keyPem };
}
