/**
 * A Web Push service on loopback (tests, e2e and bench only), written from RFC 8030/8188/8291/8292
 * with node:crypto and independent of the `web-push` package the product sends with. `subscribe()`
 * plays a browser: it makes the P-256 key pair and auth secret and returns the subscription JSON.
 * Each POST to an endpoint must carry a valid VAPID header (ES256 JWT, `aud` the endpoint's origin,
 * `exp` within 24 h, a `mailto:`/`https:` `sub`, `k` the key the subscription was made for), is
 * decrypted with the subscription's private key and auth secret, and is kept with its headers.
 * Answers are 201 unless a test queued others (`answerNext`).
 */
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { selfSignedCertificate } from './certificate';

interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted payload, parsed as JSON. */
  payload: Record<string, unknown>;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  jwt: { aud: string; exp: number; sub: string };
  receivedAt: number;
}

interface Subscriber {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  /** The VAPID public key the browser subscribed with (`applicationServerKey`). */
  serverKey: string;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
const b64 = (s: string) => Buffer.from(s, 'base64url');

/** RFC 8291 §3.4 and RFC 8188 §2: one aes128gcm body decrypted with the subscriber's keys. */
function decryptAes128gcm(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const senderKey = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey, Buffer.from([1])]);
  const ikm = hmac(hmac(auth, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const baseNonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const out: Buffer[] = [];
  for (let i = 0, offset = 0; offset < records.length; i++, offset += rs) {
    const record = records.subarray(offset, offset + rs);
    const nonce = Buffer.from(baseNonce);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ i) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // Padding: the delimiter (2 for the last record, 1 otherwise) after the data, then zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    if (plain[end] !== 2 && plain[end] !== 1) throw new Error('no padding delimiter');
    out.push(plain.subarray(0, end));
  }
  return Buffer.concat(out);
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`, the JWT signed with ES256 by that key. Returns the claims or why not. */
function verifyVapid(header: string | undefined, endpoint: string, expectedKey: string, now = Date.now()) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) return { error: 'no vapid authorization' } as const;
  const [, jwt, k] = m as unknown as [string, string, string];
  if (k !== expectedKey) return { error: 'key differs from the subscription’s applicationServerKey' } as const;
  const [head, claims, signature] = jwt.split('.');
  if (!head || !claims || !signature) return { error: 'malformed jwt' } as const;
  const point = b64(k);
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const valid = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, b64(signature));
  if (!valid) return { error: 'bad signature' } as const;
  const alg = (JSON.parse(b64(head).toString('utf8')) as { alg?: string }).alg;
  const c = JSON.parse(b64(claims).toString('utf8')) as { aud: string; exp: number; sub: string };
  if (alg !== 'ES256') return { error: `alg ${alg}` } as const;
  if (c.aud !== new URL(endpoint).origin) return { error: `aud ${c.aud}` } as const;
  const seconds = now / 1000;
  if (!(c.exp > seconds && c.exp <= seconds + 24 * 3600)) return { error: `exp ${c.exp}` } as const;
  if (!/^(mailto:|https:)/.test(c.sub ?? '')) return { error: `sub ${c.sub}` } as const;
  return { claims: c } as const;
}

export async function startPushService() {
  const tls = selfSignedCertificate();
  const subscribers = new Map<string, Subscriber>();
  const received: ReceivedPush[] = [];
  const refused: { subscriptionId: string; status: number; reason: string }[] = [];
  const queued = new Map<string, { status: number; headers?: Record<string, string> }[]>();
  const waiters: (() => void)[] = [];
  let origin = '';

  const server = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    // When the request reached the service (its headers parsed), before this simulator's own decrypting.
    const arrivedAt = Date.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const sub = subscribers.get(id);
      const answer = (status: number, reason: string, headers: Record<string, string> = {}) => {
        if (status >= 300) refused.push({ subscriptionId: id, status, reason });
        res.writeHead(status, headers).end(reason);
        for (const wake of waiters.splice(0)) wake();
      };
      if (req.method !== 'POST' || !sub) return answer(404, 'no such subscription');
      const next = queued.get(id)?.shift();
      if (next) return answer(next.status, `queued ${next.status}`, next.headers);
      const vapid = verifyVapid(req.headers.authorization, `${origin}${req.url}`, sub.serverKey);
      if ('error' in vapid) return answer(403, vapid.error ?? 'vapid');
      if (req.headers['content-encoding'] !== 'aes128gcm') return answer(415, 'aes128gcm only');
      if (!req.headers.ttl) return answer(400, 'TTL header missing');
      let payload: Record<string, unknown>;
      try {
        payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), sub.ecdh, sub.auth).toString('utf8')) as Record<string, unknown>;
      } catch (error) {
        return answer(400, `cannot decrypt: ${String(error)}`);
      }
      received.push({
        subscriptionId: id,
        payload,
        ttl: req.headers.ttl as string,
        urgency: req.headers.urgency as string | undefined,
        topic: req.headers.topic as string | undefined,
        jwt: vapid.claims,
        receivedAt: arrivedAt,
      });
      answer(201, '', { Location: `${origin}/message/${received.length}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    /** The certificate to trust for this service's endpoints. */
    ca: tls.cert,
    received,
    refused,
    /** A browser subscribing with the server's VAPID public key: the subscription as `toJSON()` gives it. */
    subscribe(serverKey: string) {
      const id = randomBytes(12).toString('base64url');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscribers.set(id, { ecdh, auth, serverKey });
      return {
        id,
        subscription: { endpoint: `${origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
      };
    },
    /** The next answers to this subscription's pushes (then 201 again). */
    answerNext(id: string, ...answers: { status: number; headers?: Record<string, string> }[]) {
      queued.set(id, [...(queued.get(id) ?? []), ...answers]);
    },
    /** Resolves once `count` requests (delivered or refused) have arrived in all. */
    async waitFor(count: number, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length + refused.length < count) {
        if (Date.now() > deadline) throw new Error(`push service: ${received.length + refused.length} of ${count} requests`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;
