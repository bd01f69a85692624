/**
 * A local Microsoft 365 for tests and the demo: a real HTTP server on
 * loopback with the Entra ID token endpoint (client credentials) under `loginUrl` and the Graph
 * mail API under `apiUrl` for one shared mailbox. Tokens expire after `tokenTtlSeconds`; faults
 * (statuses with Retry-After, slow answers, malformed JSON) can be queued with `fail()`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSimMailbox } from './simulator-mailbox';
import { type SimResponse, graphError, routeMailRequest } from './simulator-routes';

export interface GraphSimulatorOptions {
  tenantId?: string;
  clientId?: string;
  clientSecret?: string;
  mailbox?: string;
  tokenTtlSeconds?: number;
  /** Folder paths that exist from the start, e.g. `Inbox/Alarmen`; `Inbox` always exists. */
  folders?: string[];
  now?: () => Date;
}

/** Where a fault applies: the first `after` matching requests pass, then `times` (default 1) fail. */
type FaultScope = { times?: number; after?: number; path?: RegExp };
export type GraphFault = ({ status: number; retryAfter?: number | string } | { timeoutMs: number } | { malformed: true }) & FaultScope;

const SCOPE = 'https://graph.microsoft.com/.default';
const TOKEN_PATH = /^\/login\/([^/]+)\/oauth2\/v2\.0\/token$/;
const API_PATH = /^\/v1\.0\/users\/([^/]+)((?:\/[^/]+)*)$/;

export async function startGraphSimulator(options: GraphSimulatorOptions = {}) {
  const tenantId = options.tenantId ?? randomUUID();
  const clientId = options.clientId ?? randomUUID();
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const mailboxAddress = options.mailbox ?? 'alarmen@example.nl';
  const ttl = options.tokenTtlSeconds ?? 3599;
  const now = options.now ?? (() => new Date());
  const mailbox = createSimMailbox(now, options.folders ?? []);
  const tokens = new Map<string, number>(); // token → expiry (ms)
  const faults: (GraphFault & { left: number; skip: number })[] = [];
  const delayed = new Set<NodeJS.Timeout>();
  const log: { method: string; path: string }[] = [];
  const counts = { requests: 0, tokenRequests: 0 };
  let origin = '';

  function token(tenant: string, form: URLSearchParams): SimResponse {
    const aad = (status: number, error: string, description: string) => ({ status, body: { error, error_description: description } });
    if (form.get('grant_type') !== 'client_credentials') return aad(400, 'unsupported_grant_type', 'AADSTS70003: grant_type not supported.');
    if (form.get('scope') !== SCOPE) return aad(400, 'invalid_scope', `AADSTS1002012: The provided value for scope is not valid.`);
    const known = tenant.toLowerCase() === tenantId.toLowerCase() && form.get('client_id') === clientId && form.get('client_secret') === clientSecret;
    if (!known) return aad(401, 'invalid_client', 'AADSTS7000215: Invalid client secret provided.');
    const accessToken = randomBytes(32).toString('base64url');
    tokens.set(accessToken, now().getTime() + ttl * 1000);
    return { status: 200, body: { token_type: 'Bearer', expires_in: ttl, ext_expires_in: ttl, access_token: accessToken } };
  }

  function api(req: IncomingMessage, url: URL, body: Buffer): SimResponse {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expiry = bearer ? tokens.get(bearer) : undefined;
    if (expiry === undefined || expiry <= now().getTime()) {
      return graphError(401, 'InvalidAuthenticationToken', 'Access token has expired or is not yet valid.');
    }
    const m = API_PATH.exec(url.pathname);
    if (!m) return graphError(400, 'BadRequest', 'Unsupported request.');
    const user = decodeURIComponent(m[1]!);
    if (user.toLowerCase() !== mailboxAddress.toLowerCase()) return graphError(404, 'ErrorInvalidUser', `The requested user '${user}' is invalid.`);
    const segments = m[2]!.split('/').filter(Boolean).map(decodeURIComponent);
    return routeMailRequest(mailbox, { method: req.method ?? 'GET', segments, query: url.searchParams, body, base: `${origin}${url.pathname}` });
  }

  function takeFault(path: string) {
    const fault = faults.find((f) => !f.path || f.path.test(path));
    if (!fault) return null;
    if (fault.skip > 0) {
      fault.skip--;
      return null;
    }
    if (--fault.left <= 0) faults.splice(faults.indexOf(fault), 1);
    return fault;
  }

  function send(res: ServerResponse, { status, body, contentType }: SimResponse, headers: Record<string, string> = {}) {
    const bytes = body === null ? Buffer.alloc(0) : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    res.writeHead(status, { 'content-type': contentType ?? 'application/json', 'content-length': String(bytes.length), ...headers });
    res.end(bytes);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', origin);
    const tokenPath = TOKEN_PATH.exec(url.pathname);
    counts[tokenPath ? 'tokenRequests' : 'requests']++;
    log.push({ method: req.method ?? 'GET', path: url.pathname + url.search });
    const answer = () => {
      if (!tokenPath) return api(req, url, body);
      if (req.method !== 'POST') return graphError(405, 'BadRequest', 'Method not allowed.');
      return token(decodeURIComponent(tokenPath[1]!), new URLSearchParams(body.toString('utf8')));
    };
    const fault = takeFault(url.pathname);
    if (!fault) return send(res, answer());
    if ('timeoutMs' in fault) {
      const timer = setTimeout(() => {
        delayed.delete(timer);
        if (!res.destroyed) send(res, answer());
      }, fault.timeoutMs);
      return void delayed.add(timer);
    }
    if ('malformed' in fault) return send(res, { status: 200, body: Buffer.from('{"value": [ {"id": oops'), contentType: 'application/json' });
    const headers: Record<string, string> = fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {};
    const code = fault.status === 429 ? 'TooManyRequests' : fault.status === 503 ? 'ServiceNotAvailable' : 'SimulatedFault';
    send(res, graphError(fault.status, code, `Simulated ${fault.status}.`), headers);
  }

  const server = createServer((req, res) => {
    res.on('error', () => {}); // a client that gave up is not the simulator's problem
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, graphError(500, 'InternalServerError', String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    loginUrl: `${origin}/login`,
    apiUrl: origin,
    tenantId,
    clientId,
    clientSecret,
    mailbox: mailboxAddress,
    /** A Microsoft 365 mail source's settings (REST body) that read `inputFolder` of this mailbox and tag what they stored 'Verwerkt'. */
    sourceSettings: (name: string, inputFolder: string, pollIntervalSeconds?: number) => ({
      type: 'MICROSOFT_GRAPH' as const,
      name,
      tenantId,
      clientId,
      clientSecret,
      sharedMailbox: mailboxAddress,
      inputFolder,
      readCategory: 'Verwerkt',
      ...(pollIntervalSeconds === undefined ? {} : { pollIntervalSeconds }),
    }),
    /** Puts a message (raw MIME, kept byte for byte) into a folder path (default `Inbox`); returns its id. */
    deliver: (raw: string | Buffer, { folder = 'Inbox', categories = [] }: { folder?: string; categories?: string[] } = {}) =>
      mailbox.deliver(Buffer.isBuffer(raw) ? raw : Buffer.from(raw, 'utf8'), folder, categories).id,
    messages: (folder = 'Inbox') => mailbox.inFolder(folder).map((m) => ({ id: m.id, internetMessageId: m.internetMessageId, categories: [...m.categories] })),
    fail: (fault: GraphFault) => void faults.push({ ...fault, left: fault.times ?? 1, skip: fault.after ?? 0 }),
    clearFaults: () => void faults.splice(0),
    /** Every request in order, token requests included. */
    log,
    get requests() {
      return counts.requests;
    },
    get tokenRequests() {
      return counts.tokenRequests;
    },
    async close() {
      for (const timer of delayed) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type GraphSimulator = Awaited<ReturnType<typeof startGraphSimulator>>;
