/**
 * Branding images: PNG, JPEG or WebP up to 1 MB, recognised by their first bytes
 * (never by a name or a declared type; SVG, which can carry script, is refused), stored once by
 * SHA-256 in the database and served publicly with an immutable cache.
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { BRANDING_MAX_BYTES } from '@/domain/alarm-dashboard';
import type { DB } from '../../platform/db/database';
import { invalidField } from '../../platform/errors';
import { brandingImage, insertBrandingImage } from './alarm-dashboards.queries';

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

function imageType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

const invalidFile = (message: string) => invalidField('file', message);

/** Checks the upload and stores it (once per content); answers its SHA-256. */
export async function storeBrandingImage(db: DB, file: unknown, now: number): Promise<string> {
  if (!(file instanceof Blob)) throw invalidFile('Kies een afbeelding (PNG, JPEG of WebP) in het veld file.');
  if (file.size > BRANDING_MAX_BYTES) throw invalidFile('De afbeelding is te groot: hoogstens 1 MB.');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = imageType(bytes);
  if (!contentType) throw invalidFile('Dit is geen PNG-, JPEG- of WebP-afbeelding.');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await insertBrandingImage(db, { sha256, contentType, bytes: Buffer.from(bytes), createdAt: now });
  return sha256;
}

/** `GET /files/branding/{sha256}`: public, immutable (the address changes with the content). */
export const brandingFiles = (db: DB) =>
  new Hono().get('/files/branding/:sha256', async (c) => {
    const sha = c.req.param('sha256');
    const image = /^[0-9a-f]{64}$/.test(sha) ? await brandingImage(db, sha) : undefined;
    if (!image) return c.text('Not found', 404);
    return c.body(new Uint8Array(image.bytes), 200, {
      'Content-Type': image.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'",
    });
  });
