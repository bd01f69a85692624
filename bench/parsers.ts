/**
 * Parser sandbox throughput: e-mails/s through `runChain` (worker pool, default size),
 * one at a time and with 16 in flight, beside the same work done in this thread without the
 * sandbox: DEFAULT (three parsers, the third matches) against raw regex evaluation, CUSTOM (the
 * editor's example) against the same QuickJS run in-thread and against plain JavaScript.
 */
import { newQuickJSWASMModule } from 'quickjs-emscripten';
import { EXAMPLE_CUSTOM_CODE, PARSER_MEMORY_LIMIT_BYTES, PARSER_TIME_LIMIT_MS, type ParserEmail } from '../src/domain/alarm-parser';
import { runCustom } from '../src-server/platform/sandbox/custom-parser';
import { evaluateDefault } from '../src/lib/default-parser';
import { createParserSandbox } from '../src-server/platform/sandbox/parser-sandbox';
import type { ParserProgram } from '../src-server/platform/sandbox/parser-sandbox.types';

const emails: ParserEmail[] = Array.from({ length: 500 }, (_, i) => ({
  subject: `Alarm: Storing ${i % 7 ? 'warmtepomp' : 'ketel'} op WP-${i}`,
  from: 'Installatiemonitor <monitor@warmte.example.nl>',
  to: ['alarmen@energie.example.nl'],
  date: '2024-05-01T08:30:00.000Z',
  text: `Installatie: WP-${i}\nStatus: ${i % 3 ? 'kritiek' : 'waarschuwing'} - compressor\nTemperatuur: ${60 + (i % 30)} C\n${'Regel met uitleg over de storing. '.repeat(20)}`,
  html: null,
  headers: { 'message-id': `<${i}@warmte.example.nl>` },
}));

const defaults: ParserProgram[] = [
  { id: 1, type: 'DEFAULT', config: { match: { from: 'brandmeldcentrale@' }, line: '{{subject}}' } },
  { id: 2, type: 'DEFAULT', config: { match: { subject: '^Storing meterkast' }, line: '{{subject}}' } },
  {
    id: 3,
    type: 'DEFAULT',
    config: {
      match: { from: 'monitor@warmte', subject: '^Alarm: (?<melding>.+?) op (?<installatie>\\S+)$' },
      line: '{{installatie}}: {{melding}} ({{status}})',
      data: [
        { name: 'status', field: 'body', pattern: '^Status:\\s*(.+)$' },
        { name: 'temperatuur', field: 'body', pattern: 'Temperatuur: (\\d+)' },
      ],
      priority: [{ field: 'body', pattern: 'kritiek', priority: 'HIGH' }],
      group: { key: '{{installatie}}', windowMinutes: 30 },
    },
  },
];
const customs: ParserProgram[] = [{ id: 4, type: 'CUSTOM', code: EXAMPLE_CUSTOM_CODE }];

/** E-mails per second of `run` over `count` e-mails, after a warm-up round. */
async function rate(count: number, run: (email: ParserEmail) => unknown) {
  for (const email of emails.slice(0, 100)) await run(email);
  const start = performance.now();
  for (let i = 0; i < count; i++) await run(emails[i % emails.length]!);
  return count / ((performance.now() - start) / 1000);
}

/** The same with `inFlight` chains outstanding at any time. */
async function concurrentRate(count: number, inFlight: number, run: (email: ParserEmail) => Promise<unknown>) {
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) await run(emails[next++ % emails.length]!);
    }),
  );
  return count / ((performance.now() - start) / 1000);
}

export async function benchParsers() {
  const sandbox = createParserSandbox();
  try {
    const defaultChain = (email: ParserEmail) => sandbox.runChain(defaults, email);
    const customChain = (email: ParserEmail) => sandbox.runChain(customs, email);
    const qjs = await newQuickJSWASMModule();
    const limits = { timeLimitMs: PARSER_TIME_LIMIT_MS, memoryLimitBytes: PARSER_MEMORY_LIMIT_BYTES };
    const plain = new Function(`${EXAMPLE_CUSTOM_CODE}; return parse;`)() as (email: ParserEmail) => unknown;
    return {
      defaultSequential: await rate(4000, defaultChain),
      defaultConcurrent: await concurrentRate(8000, 16, defaultChain),
      defaultRaw: await rate(20_000, (email) => {
        for (const p of defaults) if (p.type === 'DEFAULT' && evaluateDefault(p.config, email).type === 'MATCHED') break;
      }),
      customSequential: await rate(1500, customChain),
      customConcurrent: await concurrentRate(3000, 16, customChain),
      customRawQuickJs: await rate(1500, (email) => runCustom(qjs, EXAMPLE_CUSTOM_CODE, email, limits)),
      customPlainJs: await rate(50_000, (email) => plain(JSON.parse(JSON.stringify(email)))),
    };
  } finally {
    await sandbox.close();
  }
}
