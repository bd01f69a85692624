/**
 * Receivers on loopback that check what Microsoft Teams (a Workflows "When a Teams webhook request is
 * received" trigger: a `message` with an Adaptive Card attachment; 202 Accepted) and a Slack incoming
 * webhook (`text` and/or Block Kit `blocks`; 200 `ok`, 400 `invalid_blocks`) accept, and record it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type Check = (body: Record<string, unknown>) => string | null;

const teamsCheck: Check = (b) => {
  if (b.type !== 'message') return 'type must be message';
  const attachments = b.attachments as { contentType?: string; content?: Record<string, unknown> }[] | undefined;
  const card = attachments?.[0];
  if (!card || card.contentType !== 'application/vnd.microsoft.card.adaptive') return 'attachments[0] must be an adaptive card';
  const c = card.content ?? {};
  if (c.type !== 'AdaptiveCard' || typeof c.version !== 'string' || Number(c.version) > 1.5) return 'content must be an AdaptiveCard of version ≤ 1.5';
  if (!Array.isArray(c.body) || c.body.length === 0) return 'body must not be empty';
  for (const a of (c.actions as { type: string; url?: string }[] | undefined) ?? []) {
    if (a.type === 'Action.OpenUrl' && !/^https?:\/\//.test(a.url ?? '')) return 'Action.OpenUrl needs a url';
  }
  return null;
};

const BLOCK_TYPES = new Set(['header', 'section', 'actions', 'context', 'divider', 'image', 'rich_text']);
const slackCheck: Check = (b) => {
  if (typeof b.text !== 'string' && !Array.isArray(b.blocks)) return 'no_text';
  const blocks = (b.blocks as { type: string; text?: { type: string; text: string }; fields?: unknown[]; elements?: { type: string; url?: string }[] }[]) ?? [];
  if (blocks.length > 50) return 'invalid_blocks';
  for (const block of blocks) {
    if (!BLOCK_TYPES.has(block.type)) return 'invalid_blocks';
    if (block.type === 'header' && (block.text?.type !== 'plain_text' || block.text.text.length > 150)) return 'invalid_blocks';
    if (block.fields && block.fields.length > 10) return 'invalid_blocks';
    if (block.type === 'actions' && !block.elements?.every((e) => e.type !== 'button' || /^https?:\/\//.test(e.url ?? ''))) return 'invalid_blocks';
  }
  return null;
};

async function startChat(check: Check, ok: { status: number; body: string }, answer: (n: number) => number | null) {
  const received: { path: string; body: Record<string, unknown> }[] = [];
  let requests = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const scripted = answer(++requests);
      if (scripted !== null) return res.writeHead(scripted).end('scripted');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return res.writeHead(400).end('invalid_payload');
      }
      const problem = check(body);
      if (problem) return res.writeHead(400).end(problem);
      received.push({ path: req.url ?? '', body });
      res.writeHead(ok.status, { 'Content-Type': 'text/plain' }).end(ok.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    requests: () => requests,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `answer(n)` may script the n-th request's status (e.g. 503); null answers as the service would. */
export const startTeams = (answer: (n: number) => number | null = () => null) => startChat(teamsCheck, { status: 202, body: '' }, answer);
export const startSlack = (answer: (n: number) => number | null = () => null) => startChat(slackCheck, { status: 200, body: 'ok' }, answer);
