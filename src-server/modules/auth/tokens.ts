/**
 * Tokens in Lucia's session design: `<id>.<secret>`, random from the OS, only SHA-256 of the
 * secret stored, compared in constant time.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const randomId = (bytes: number) => randomBytes(bytes).toString('base64url');

export function newToken() {
  const id = randomId(15);
  const secret = randomId(30);
  return { id, secretHash: hashSecret(secret), token: `${id}.${secret}` };
}

export const newFamilyId = () => randomId(15);

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function splitToken(token: string): { id: string; secret: string } | null {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1] || token.length > 200) return null;
  return { id: parts[0], secret: parts[1] };
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A key only a holder of `secret` can make: an HMAC under a fixed label, unlike the stored SHA-256 of the secret. */
const keyOf = (secret: string) => createHmac('sha256', secret).update('energiebeheer refresh grace').digest();

/** `text` encrypted (AES-256-GCM) with a key derived from a token's secret: `<iv>.<tag>.<ciphertext>`, base64url. */
export function sealWithSecret(secret: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** What `sealWithSecret(secret, …)` sealed, or null when it was sealed with another secret or changed. */
export function openWithSecret(secret: string, sealed: string): string | null {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
