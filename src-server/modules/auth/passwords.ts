import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package's const enum cannot be imported under verbatimModuleSyntax.
const ARGON2ID = 2;

/** argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: OWASP's recommended minimum). */
export const hashPassword = (password: string) => hash(password, { algorithm: ARGON2ID });

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
