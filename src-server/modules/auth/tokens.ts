/**
 * Tokens in Lucia's session design: `<id>.<secret>`, random from the OS, only SHA-256 of the
 * secret stored, compared in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

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
