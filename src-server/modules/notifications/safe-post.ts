/**
 * One outbound POST to a URL a user gave (a webhook, an ntfy topic, a Teams or Slack webhook, a
 * browser's push subscription):
 * 10 s for the whole exchange, redirects not followed, and receivers on private addresses refused
 * unless allowed. Through node:http(s) rather than fetch because its `lookup` hook lets the
 * private-target check see the address actually connected to.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import tls from 'node:tls';
import { isInternalAddress } from '../../platform/internal-address';
import type { Attempt } from './attempt';
import { PRIVATE_TARGET, publicOnlyLookup } from './safe-target';

export const POST_TIMEOUT_MS = 10_000;
/** Enough of an answer's body to read a status word ("ok") or an error; the rest is dropped. */
const ANSWER_BODY_MAX = 16 * 1024;

export interface SafePost {
  url: string;
  headers: Record<string, string>;
  body: string | Buffer;
  allowPrivateTargets: boolean;
  /**
   * Connections kept open for the next post, to a receiver posted to often (a push service, an ntfy
   * server); `ca`, a certificate trusted beside the root ones (a test's own push service).
   */
  keepAlive?: { ca?: string };
  /** Called when the request has its connection, about to be written (a trace's moment of leaving). */
  onSocket?: () => void;
}

/** The receiver's answer, or why there was none (`retry` for the failures worth another try). */
export type PostAnswer = { answered: true; status: number; body: string; retryAfterSeconds?: number } | { answered: false; retry: boolean; error: string };

/** 408, 429 and 5xx are worth another try; other answers are final. */
const retryableStatus = (status: number) => status === 408 || status === 429 || status >= 500;

function retryAfterSeconds(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * A kept-alive connection the receiver closed just as it was reused fails with ECONNRESET before
 * any answer: the request never reached the receiver, so it goes out once more on a fresh one.
 */
export async function postSafely(request: SafePost): Promise<PostAnswer> {
  for (let tries = 1; ; tries++) {
    const answer = await postOnce(request);
    if (answer !== REUSED_SOCKET_RESET) return answer;
    if (tries === 2) return { answered: false, retry: true, error: 'Verbinding mislukt: ECONNRESET' };
  }
}

const REUSED_SOCKET_RESET = Symbol('reused socket reset');

/**
 * The kept-alive agents: one per scheme and extra certificate, and apart for private targets
 * allowed or not (a connection is checked for a private address when it is made, so one made while
 * they were allowed is never reused when they are not).
 */
const agents = new Map<string, http.Agent>();
function keptAliveAgent(protocol: string, allowPrivateTargets: boolean, ca: string | undefined) {
  const key = `${protocol}:${allowPrivateTargets}:${ca ?? ''}`;
  let agent = agents.get(key);
  if (!agent) {
    // A secure context rather than `ca`: the agent names its pools by their options, and a `ca` of
    // every root certificate made that name, on every request, cost more than a push.
    const secureContext = ca ? tls.createSecureContext({ ca: [...tls.rootCertificates, ca] }) : undefined;
    agent = protocol === 'https:' ? new https.Agent({ keepAlive: true, secureContext }) : new http.Agent({ keepAlive: true });
    agents.set(key, agent);
  }
  return agent;
}

function postOnce(request: SafePost): Promise<PostAnswer | typeof REUSED_SOCKET_RESET> {
  const url = new URL(request.url);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!request.allowPrivateTargets && isIP(literal) && isInternalAddress(literal)) {
    return Promise.resolve({ answered: false, retry: false, error: PRIVATE_TARGET });
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PostAnswer | typeof REUSED_SOCKET_RESET>((resolve) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup: request.allowPrivateTargets ? undefined : publicOnlyLookup,
        timeout: POST_TIMEOUT_MS,
        agent: request.keepAlive && keptAliveAgent(url.protocol, request.allowPrivateTargets, request.keepAlive.ca),
        headers: { ...request.headers, 'Content-Length': Buffer.byteLength(request.body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < ANSWER_BODY_MAX) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => {
          clearTimeout(deadline);
          const body = Buffer.concat(chunks).toString('utf8').slice(0, ANSWER_BODY_MAX);
          resolve({ answered: true, status: res.statusCode ?? 0, body, retryAfterSeconds: retryAfterSeconds(res.headers['retry-after']) });
        });
      },
    );
    // `timeout` only covers idle sockets; the deadline covers a receiver that trickles.
    const deadline = setTimeout(() => req.destroy(new Error('timeout')), POST_TIMEOUT_MS);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    if (request.onSocket) req.once('socket', request.onSocket);
    req.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      if (error.code === 'ECONNRESET' && req.reusedSocket) resolve(REUSED_SOCKET_RESET);
      else if (error.code === 'EPRIVATETARGET') resolve({ answered: false, retry: false, error: PRIVATE_TARGET });
      else if (error.message === 'timeout') resolve({ answered: false, retry: true, error: 'Geen antwoord binnen 10 seconden.' });
      else resolve({ answered: false, retry: true, error: `Verbinding mislukt: ${error.code ?? error.message}` });
    });
    req.end(request.body);
  });
}

/**
 * The usual reading of an answer: any 2xx delivers, a redirect is not followed, 408/429/5xx are
 * tried again (Retry-After honoured), other answers fail at once. `refused` words a 4xx the
 * receiver's own way (ntfy's 401/403, a Slack "invalid_token").
 */
export function attemptOf(answer: PostAnswer, target: string, refused?: (status: number, body: string) => string | undefined): Attempt {
  if (!answer.answered) return { ok: false, retry: answer.retry, error: answer.error };
  const { status } = answer;
  if (status >= 200 && status < 300) return { ok: true, target };
  if (status >= 300 && status < 400) return { ok: false, retry: false, error: `Doorverwijzing (HTTP ${status}) wordt niet gevolgd.` };
  if (retryableStatus(status)) return { ok: false, retry: true, error: `HTTP ${status}`, retryAfterSeconds: answer.retryAfterSeconds };
  return { ok: false, retry: false, error: refused?.(status, answer.body) ?? `HTTP ${status}` };
}
