/**
 * The backup file: `EBBAK001` | body | manifest JSON | manifest length (u32 BE) | `EBBAKEND`.
 * The body is gzip of [u32 length | keys | SQLite file], AES-256-GCM encrypted when a passphrase
 * is given (key from scrypt with a random salt; only then are the keys inside). The keys are the
 * secret key alone (as the first backups wrote it) or, with the Web Push key pair, a JSON object.
 * The manifest trails the body, so it can name the body's size, hash and GCM tag, and it is read
 * without reading the body: the list shows tables and row counts from it.
 */
import { type DecipherGCM, createCipheriv, createDecipheriv, createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform, type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const HEAD = Buffer.from('EBBAK001');
const TAIL = Buffer.from('EBBAKEND');
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export interface Manifest {
  format: 1;
  createdAt: string;
  /** The product version that wrote it and the engine it came from. */
  version: string;
  engine: 'sqlite' | 'postgres';
  /** The last migration applied to the snapshot: a backup from an older schema is migrated on restore. */
  schema: string | null;
  tables: Record<string, number>;
  /** SHA-256 and size of the SQLite file inside. */
  sha256: string;
  databaseBytes: number;
  bodyBytes: number;
  secretKeyIncluded: boolean;
  /** The Web Push (VAPID) key pair is inside too; absent in backups written before it was. */
  vapidKeysIncluded?: boolean;
  encryption: null | { cipher: 'aes-256-gcm'; kdf: 'scrypt'; salt: string; iv: string; tag: string; keyCheck: string };
}

export class BackupFileError extends Error {}

const deriveKey = (passphrase: string, salt: Buffer) => scryptSync(passphrase, salt, 32, SCRYPT);
const keyCheckOf = (key: Buffer) => createHash('sha256').update('energiebeheer-backup-key-check').update(key).digest('hex').slice(0, 16);

/** Counts and hashes the bytes that pass. */
function meter(hash?: ReturnType<typeof createHash>) {
  const state = { bytes: 0 };
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      state.bytes += chunk.length;
      hash?.update(chunk);
      done(null, chunk);
    },
  });
  return { stream, state };
}

/** The keys an encrypted backup carries beside the database: the secret key and the Web Push key pair. */
export interface BackupKeys {
  secretKey: string;
  vapid?: { publicKey: string; privateKey: string };
}

function keysText(keys: BackupKeys | null) {
  if (!keys) return '';
  return keys.vapid
    ? JSON.stringify({ secretKey: keys.secretKey, vapid: { publicKey: keys.vapid.publicKey, privateKey: keys.vapid.privateKey } })
    : keys.secretKey;
}

/** The keys of a backup: a JSON object, or the secret key alone as the first backups wrote it. */
function keysOf(text: string): BackupKeys | null {
  if (!text) return null;
  if (!text.startsWith('{')) return { secretKey: text };
  const parsed = JSON.parse(text) as BackupKeys;
  return { secretKey: parsed.secretKey, ...(parsed.vapid ? { vapid: parsed.vapid } : {}) };
}

function secretPrefix(keys: BackupKeys | null) {
  const key = Buffer.from(keysText(keys), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(key.length);
  return Buffer.concat([length, key]);
}

/** Writes `databaseFile` (a closed SQLite file) as a backup file at `target`, hashing it on the way (one read). */
export async function writeBackupFile(
  databaseFile: string,
  target: string,
  manifest: Omit<Manifest, 'format' | 'bodyBytes' | 'encryption' | 'secretKeyIncluded' | 'vapidKeysIncluded' | 'sha256' | 'databaseBytes'>,
  options: { passphrase?: string; keys?: BackupKeys },
): Promise<Manifest> {
  const encrypt = Boolean(options.passphrase);
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const key = encrypt ? deriveKey(options.passphrase!, salt) : null;
  const cipher = key ? createCipheriv('aes-256-gcm', key, iv) : null;
  const body = meter();
  const hash = createHash('sha256');
  const input = meter(hash);
  const out = createWriteStream(target, { mode: 0o600 });
  await new Promise<void>((resolve, reject) => out.write(HEAD, (e) => (e ? reject(e) : resolve())));
  const gzip = createGzip({ level: 1 });
  gzip.write(secretPrefix(encrypt ? (options.keys ?? null) : null));
  const stages: NodeJS.ReadWriteStream[] = [gzip, ...(cipher ? [cipher] : []), body.stream];
  await pipeline(
    createReadStream(databaseFile, { highWaterMark: 1024 * 1024 }),
    input.stream,
    ...(stages as [Transform]),
    out.on('error', () => undefined),
    { end: false },
  );
  const full: Manifest = {
    format: 1,
    ...manifest,
    sha256: hash.digest('hex'),
    databaseBytes: input.state.bytes,
    bodyBytes: body.state.bytes,
    secretKeyIncluded: encrypt && Boolean(options.keys?.secretKey),
    vapidKeysIncluded: encrypt && Boolean(options.keys?.vapid),
    encryption:
      cipher && key
        ? {
            cipher: 'aes-256-gcm',
            kdf: 'scrypt',
            salt: salt.toString('hex'),
            iv: iv.toString('hex'),
            tag: cipher.getAuthTag().toString('hex'),
            keyCheck: keyCheckOf(key),
          }
        : null,
  };
  const json = Buffer.from(JSON.stringify(full));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  await new Promise<void>((resolve, reject) => out.end(Buffer.concat([json, length, TAIL]), () => resolve()).once('error', reject));
  const handle = await open(target, 'r+');
  await handle.sync();
  await handle.close();
  return full;
}

/** The manifest and where the body lies, or a BackupFileError when the file is not a whole backup file. */
export async function readManifest(file: string): Promise<{ manifest: Manifest; bodyStart: number; bodyEnd: number }> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const end = Buffer.alloc(12);
    if (size < HEAD.length + end.length) throw new BackupFileError(`${file} is geen volledig back-upbestand.`);
    const head = Buffer.alloc(HEAD.length);
    await handle.read(head, 0, head.length, 0);
    await handle.read(end, 0, end.length, size - end.length);
    if (!head.equals(HEAD) || !end.subarray(4).equals(TAIL)) throw new BackupFileError(`${file} is geen volledig back-upbestand.`);
    const length = end.readUInt32BE(0);
    const json = Buffer.alloc(length);
    await handle.read(json, 0, length, size - end.length - length);
    const manifest = JSON.parse(json.toString('utf8')) as Manifest;
    const bodyEnd = size - end.length - length;
    if (manifest.format !== 1 || bodyEnd - HEAD.length !== manifest.bodyBytes) throw new BackupFileError(`${file} is beschadigd.`);
    return { manifest, bodyStart: HEAD.length, bodyEnd };
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(`${file} is geen leesbaar back-upbestand.`);
  } finally {
    await handle.close();
  }
}

/** Splits off the keys' prefix of the decompressed body. */
function unprefix(onKey: (key: string) => void) {
  let pending: Buffer | null = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!pending) return done(null, chunk);
      pending = Buffer.concat([pending, chunk]);
      if (pending.length < 4) return done();
      const length = pending.readUInt32BE(0);
      if (pending.length < 4 + length) return done();
      onKey(pending.subarray(4, 4 + length).toString('utf8'));
      const rest = pending.subarray(4 + length);
      pending = null;
      done(null, rest);
    },
  });
}

/**
 * Writes the SQLite file inside `file` to `databaseFile` (or only reads it through, for `null`) and
 * checks its hash; answers the manifest and the keys when they were included. An encrypted file
 * needs its passphrase: a wrong one is a BackupFileError before anything is written.
 */
export async function extractBackupFile(
  file: string,
  databaseFile: string | null,
  passphrase?: string,
): Promise<{ manifest: Manifest; keys: BackupKeys | null }> {
  const { manifest, bodyStart, bodyEnd } = await readManifest(file);
  let decipher: DecipherGCM | null = null;
  if (manifest.encryption) {
    if (!passphrase) throw new BackupFileError('Deze back-up is versleuteld: zet BACKUP_PASSPHRASE in de omgeving. Er is niets veranderd.');
    const key = deriveKey(passphrase, Buffer.from(manifest.encryption.salt, 'hex'));
    const check = Buffer.from(keyCheckOf(key));
    if (!timingSafeEqual(check, Buffer.from(manifest.encryption.keyCheck)))
      throw new BackupFileError('Het wachtwoord (BACKUP_PASSPHRASE) past niet bij deze back-up. Er is niets veranderd.');
    decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(manifest.encryption.iv, 'hex'));
    decipher.setAuthTag(Buffer.from(manifest.encryption.tag, 'hex'));
  }
  let keysText = '';
  const hash = createHash('sha256');
  const out = meter(hash);
  const source: Readable = createReadStream(file, { start: bodyStart, end: bodyEnd - 1, highWaterMark: 1024 * 1024 });
  const stages = [...(decipher ? [decipher] : []), createGunzip(), unprefix((k) => (keysText = k)), out.stream];
  try {
    const sink = databaseFile === null ? new Writable({ write: (_chunk, _enc, done) => done() }) : createWriteStream(databaseFile, { mode: 0o600 });
    await pipeline(source, ...(stages as [Transform]), sink);
  } catch {
    throw new BackupFileError(`${file} is beschadigd: de inhoud kan niet gelezen worden.`);
  }
  if (hash.digest('hex') !== manifest.sha256 || out.state.bytes !== manifest.databaseBytes)
    throw new BackupFileError(`${file} is beschadigd: de controlesom klopt niet.`);
  let keys: BackupKeys | null;
  try {
    keys = keysOf(keysText);
  } catch {
    throw new BackupFileError(`${file} is beschadigd: de sleutels erin kunnen niet gelezen worden.`);
  }
  return { manifest, keys };
}
