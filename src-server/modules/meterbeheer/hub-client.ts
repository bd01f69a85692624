/**
 * The client of Meterbeheer HUB: bearer key, a timeout on every call, 429 with
 * Retry-After honoured once for short waits, and every failure a `HubError` with the HUB's status
 * and message. Answers are parsed tolerantly (extra fields, numbers as strings); what cannot be
 * read is an error, never a guess.
 */
import * as v from 'valibot';
import { METER_KINDS, PROVIDERS, type Provider } from '@/domain/meterbeheer';

export class HubError extends Error {
  constructor(
    /** The HUB's HTTP status; 0 when there was no answer (timeout, network). */
    readonly status: number,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HubError';
  }
}

const numeric = v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/), v.transform(Number))]), v.finite());
const isoWithOffset = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/));

const hubFeedSchema = v.object({
  uuid: v.pipe(v.string(), v.nonEmpty()),
  provider: v.picklist(PROVIDERS),
  name: v.string(),
  status: v.picklist(['pending', 'verified']),
  ean: v.nullish(v.string(), null),
  postalCode: v.nullish(v.string(), null),
  houseNumber: v.nullish(v.string(), null),
  meterKind: v.optional(v.picklist(METER_KINDS)),
  channels: v.nullish(v.array(v.object({ code: v.pipe(v.string(), v.nonEmpty()), url: v.pipe(v.string(), v.url()) })), []),
});
export type HubFeed = v.InferOutput<typeof hubFeedSchema>;

const channelDataSchema = v.object({
  ean: v.nullish(v.string()),
  channel: v.nullish(v.string()),
  unit: v.nullish(v.string()),
  data: v.array(v.object({ from: isoWithOffset, to: isoWithOffset, value: numeric })),
});
export type ChannelData = v.InferOutput<typeof channelDataSchema>;

export const HUB_MAX_DAYS_PER_REQUEST = 365;
export const DEFAULT_HUB_URL = 'https://hub.meterbeheer.nl/api/v1';

export interface HubClientOptions {
  baseUrl: string;
  apiKey?: string;
  timeoutMs?: number;
  /** Waits up to this long on a 429 before trying once more; longer waits fail with retryAfterSeconds. */
  maxRetryAfterSeconds?: number;
}

export function createHubClient({ baseUrl, apiKey, timeoutMs = 20_000, maxRetryAfterSeconds = 5 }: HubClientOptions) {
  const base = baseUrl.replace(/\/$/, '');

  async function send(url: string, init: RequestInit = {}, retried = false): Promise<Response> {
    if (!apiKey) throw new HubError(0, 'Er is geen API-sleutel voor Meterbeheer HUB ingesteld (METERBEHEER_API_KEY).');
    let res: Response;
    try {
      res = await fetch(url, {
        ...init,
        headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new HubError(0, timedOut ? `Meterbeheer HUB antwoordde niet binnen ${timeoutMs / 1000} s.` : 'Meterbeheer HUB is niet bereikbaar.');
    }
    if (res.status === 429) {
      const wait = Number(res.headers.get('retry-after')) || 60;
      await res.body?.cancel();
      if (!retried && wait <= maxRetryAfterSeconds) {
        await new Promise((r) => setTimeout(r, wait * 1000));
        return send(url, init, true);
      }
      throw new HubError(429, `Meterbeheer HUB vraagt om ${wait} s te wachten (te veel verzoeken).`, wait);
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      let message = text.slice(0, 300);
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? message;
      } catch {
        // not JSON: keep the text
      }
      throw new HubError(res.status, `Meterbeheer HUB antwoordde ${res.status}${message ? `: ${message}` : ''}.`);
    }
    return res;
  }

  async function readJson<S extends v.GenericSchema>(res: Response, schema: S): Promise<v.InferOutput<S>> {
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new HubError(res.status, 'Meterbeheer HUB gaf een antwoord dat geen geldige JSON is.');
    }
    const parsed = v.safeParse(schema, body);
    if (!parsed.success) {
      const issue = parsed.issues[0];
      const where = issue.path?.map((p) => String(p.key)).join('.') ?? '';
      throw new HubError(res.status, `Meterbeheer HUB gaf een onverwacht antwoord${where ? ` (bij ${where})` : ''}: ${issue.message}`);
    }
    return parsed.output;
  }

  return {
    /** Whether an API key is set; without one every call fails with a Dutch message saying so. */
    configured: Boolean(apiKey),
    async listFeeds(): Promise<HubFeed[]> {
      return readJson(await send(`${base}/feed`), v.array(hubFeedSchema));
    },
    async addFeed(provider: Provider, fields: Record<string, unknown>): Promise<HubFeed> {
      return readJson(await send(`${base}/feed`, { method: 'POST', body: JSON.stringify({ provider, ...fields }) }), hubFeedSchema);
    },
    async deleteFeed(uuid: string): Promise<void> {
      try {
        await (await send(`${base}/feed/${encodeURIComponent(uuid)}`, { method: 'DELETE' })).body?.cancel();
      } catch (error) {
        if (!(error instanceof HubError && error.status === 404)) throw error; // already gone is fine
      }
    },
    /** One channel's values for local dates [from, to), at most 365 days. */
    async channelData(url: string, from: string, to: string): Promise<ChannelData> {
      const target = new URL(url);
      target.searchParams.set('from', from);
      target.searchParams.set('to', to);
      return readJson(await send(target.toString()), channelDataSchema);
    },
  };
}
export type HubClient = ReturnType<typeof createHubClient>;
