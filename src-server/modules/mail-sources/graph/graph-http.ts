/**
 * HTTP to Microsoft 365: the client-credentials token (cached until shortly before it expires,
 * renewed once on a 401), a timeout on every call, 429/503 with a short Retry-After waited out and
 * retried once (a longer one fails with `retryAfterSeconds` for the job's backoff), and every failure
 * a `GraphError` with a Dutch message a source's status can show as it is.
 */
import type { Clock } from '../../../platform/clock';
import * as v from 'valibot';
import { retryAfterSeconds } from '../../../platform/jobs/backoff';

export class GraphError extends Error {
  constructor(
    /** The HTTP status; 0 when there was no answer (timeout, network). */
    readonly status: number,
    /** Graph's or Entra ID's error code, or this client's own (`Timeout`, `Unreachable`, `FolderNotFound`, …). */
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'GraphError';
  }
}

const DEFAULT_GRAPH_LOGIN_URL = 'https://login.microsoftonline.com';
const DEFAULT_GRAPH_API_URL = 'https://graph.microsoft.com';
const SCOPE = 'https://graph.microsoft.com/.default';

export interface GraphHttpOptions {
  /** The Entra ID host (`GRAPH_LOGIN_URL`); the token is asked at `{loginUrl}/{tenantId}/oauth2/v2.0/token`. */
  loginUrl?: string;
  /** The Graph host (`GRAPH_API_URL`); calls go to `{apiUrl}/v1.0/...`. */
  apiUrl?: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
  /** Waits up to this long on a 429/503 before trying once more; longer waits fail with retryAfterSeconds. */
  maxRetryAfterSeconds?: number;
  now: Clock;
}

const tokenSchema = v.object({
  access_token: v.pipe(v.string(), v.nonEmpty()),
  expires_in: v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))]), v.minValue(1)),
});
const errorSchema = v.object({ error: v.union([v.string(), v.object({ code: v.optional(v.string(), ''), message: v.optional(v.string(), '') })]) });
const CREDENTIALS_REFUSED = 'Microsoft 365 weigert de inloggegevens (tenant, client id of client secret).';

const seconds = (ms: number) => (ms / 1000).toLocaleString('nl-NL');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createGraphHttp(options: GraphHttpOptions) {
  const { tenantId, clientId, clientSecret, timeoutMs = 20_000, maxRetryAfterSeconds = 5, now } = options;
  const loginUrl = (options.loginUrl ?? DEFAULT_GRAPH_LOGIN_URL).replace(/\/+$/, '');
  const apiOrigin = (options.apiUrl ?? DEFAULT_GRAPH_API_URL).replace(/\/+$/, '');
  let token: { value: string; renewAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  function failure(error: unknown, url: string): GraphError {
    if (error instanceof GraphError) return error;
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    if (timedOut) return new GraphError(0, 'Timeout', `Microsoft 365 reageert niet binnen ${seconds(timeoutMs)} s.`);
    return new GraphError(0, 'Unreachable', `Microsoft 365 is niet bereikbaar (${URL.canParse(url) ? new URL(url).host : url}).`);
  }

  /** One HTTP exchange under the timeout; a short 429/503 is waited out and tried once more. */
  async function exchange(url: string, init: RequestInit): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        throw failure(error, url);
      }
      if (res.status !== 429 && res.status !== 503) return res;
      await res.body?.cancel().catch(() => {});
      const wait = retryAfterSeconds(res.headers.get('retry-after'), now());
      if (attempt === 0 && wait !== null && wait <= maxRetryAfterSeconds) {
        await sleep(wait * 1000);
        continue;
      }
      const what = res.status === 429 ? 'vraagt om minder verzoeken (429)' : 'is tijdelijk niet bereikbaar (503)';
      const when = wait === null ? '' : `; nieuwe poging over ${wait} s`;
      throw new GraphError(res.status, res.status === 429 ? 'TooManyRequests' : 'ServiceNotAvailable', `Microsoft 365 ${what}${when}.`, wait ?? undefined);
    }
  }

  async function readJson<S extends v.GenericSchema>(res: Response, schema: S): Promise<v.InferOutput<S>> {
    let body: unknown;
    try {
      body = JSON.parse(await res.text());
    } catch (error) {
      if (error instanceof SyntaxError) throw new GraphError(res.status, 'MalformedAnswer', 'Microsoft 365 gaf een antwoord dat geen geldige JSON is.');
      throw failure(error, res.url);
    }
    const parsed = v.safeParse(schema, body);
    if (parsed.success) return parsed.output;
    const where = parsed.issues[0].path?.map((p) => String(p.key)).join('.');
    throw new GraphError(
      res.status,
      'UnexpectedAnswer',
      `Microsoft 365 gaf een onverwacht antwoord${where ? ` (bij ${where})` : ''}: ${parsed.issues[0].message}`,
    );
  }

  /** Graph's or Entra ID's error code and message, when the body has them. */
  async function errorOf(res: Response): Promise<{ code: string; message: string }> {
    const text = await res.text().catch(() => '');
    try {
      const { error } = v.parse(errorSchema, JSON.parse(text));
      return typeof error === 'string' ? { code: error, message: '' } : error;
    } catch {
      return { code: `Http${res.status}`, message: text.slice(0, 200) };
    }
  }

  async function requestToken(): Promise<string> {
    const form = new URLSearchParams({ client_id: clientId, client_secret: clientSecret, scope: SCOPE, grant_type: 'client_credentials' });
    const res = await exchange(`${loginUrl}/${encodeURIComponent(tenantId)}/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    });
    if (res.status === 400 || res.status === 401) throw new GraphError(res.status, (await errorOf(res)).code, CREDENTIALS_REFUSED);
    if (!res.ok) throw new GraphError(res.status, (await errorOf(res)).code, `Microsoft 365 gaf geen token (${res.status}).`);
    const { access_token, expires_in } = await readJson(res, tokenSchema);
    // Renew a little early, so a token never expires between the check and the call.
    token = { value: access_token, renewAt: now().getTime() + (expires_in - Math.min(60, expires_in / 10)) * 1000 };
    return access_token;
  }

  /** The cached token, or a new one; concurrent callers share one token request. */
  async function accessToken(): Promise<string> {
    if (token && now().getTime() < token.renewAt) return token.value;
    pendingToken ??= requestToken().finally(() => (pendingToken = null));
    return pendingToken;
  }

  /** An API call; a 401 renews the token once. Non-2xx answers are handed to `refuse` for a message. */
  async function request(url: string, init: { method?: string; json?: unknown }, refuse: (status: number, code: string, message: string) => GraphError) {
    for (let renewed = false; ; renewed = true) {
      const bearer = await accessToken();
      const res = await exchange(url, {
        method: init.method ?? 'GET',
        headers: { authorization: `Bearer ${bearer}`, accept: 'application/json', ...(init.json === undefined ? {} : { 'content-type': 'application/json' }) },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
      if (res.ok) return res;
      if (res.status === 401 && !renewed) {
        await res.body?.cancel().catch(() => {});
        if (token?.value === bearer) token = null;
        continue;
      }
      const { code, message } = await errorOf(res);
      throw refuse(res.status, code, message);
    }
  }

  async function readBytes(res: Response): Promise<Buffer> {
    try {
      return Buffer.from(await res.arrayBuffer());
    } catch (error) {
      throw failure(error, res.url);
    }
  }

  return { apiBase: `${apiOrigin}/v1.0`, request, readJson, readBytes };
}
