/**
 * The sandbox bar of Every hostile parser is a FAILED outcome with a clear message, the
 * next parser in the chain still runs, and the main event loop stays responsive meanwhile.
 */
import { afterAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { EXAMPLE_CUSTOM_CODE, type ParseOutcome, type ParserEmail } from '@/domain/alarm-parser';
import { createParserSandbox } from './parser-sandbox';
import type { ParserProgram } from './parser-sandbox.types';

const sandbox = createParserSandbox({ workers: 2 });
afterAll(() => sandbox.close());

const email: ParserEmail = {
  subject: 'Alarm: Storing warmtepomp op WP-12',
  from: 'Installatiemonitor <monitor@warmte.example.nl>',
  to: ['alarmen@energie.example.nl'],
  date: '2024-05-01T08:30:00.000Z',
  text: 'Installatie: WP-12\nStatus: KRITIEK - compressor uitgevallen\n',
  html: '<p>Status: <b>KRITIEK</b></p>',
  headers: { 'x-priority': '1' },
};
const custom = (code: string, id = 1): ParserProgram => ({ id, type: 'CUSTOM', code });
const next = custom(`function parse(email) { return { line: 'volgende parser: ' + email.subject }; }`, 99);

/** Runs the chain while a 10 ms timer measures how late the main event loop gets to it. */
async function withLoopLag(run: () => Promise<ParseOutcome[]>) {
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 10);
    last = now;
  }, 10);
  try {
    const outcomes = await run();
    return { outcomes, lagMs: worst };
  } finally {
    clearInterval(timer);
  }
}

/** A hostile CUSTOM parser first, a sound one after: the first FAILED, the second MATCHED, the loop free. */
async function hostile(code: string) {
  const { outcomes, lagMs } = await withLoopLag(() => sandbox.runChain([custom(code), next], email));
  expect(outcomes).toHaveLength(2);
  expect(outcomes[1]).toMatchObject({ type: 'MATCHED', line: `volgende parser: ${email.subject}` });
  // A loop blocked by the run would be late by the whole run (250 ms for a time-out).
  expect(lagMs).toBeLessThan(150);
  expect(outcomes[0]!.type).toBe('FAILED');
  return outcomes[0] as Extract<ParseOutcome, { type: 'FAILED' }>;
}

describe('CUSTOM parsers under the sandbox limits', () => {
  it('ends an endless loop at the time limit', async () => {
    expect(await hostile('function parse() { while (true) {} }')).toMatchObject({
      exceptionType: 'TimeLimitExceeded',
      exceptionMessage: 'De code liep langer dan 250 ms en is afgebroken.',
    });
  });

  it('ends an endless promise job chain and a catastrophic regex inside QuickJS at the time limit', async () => {
    const jobs = await hostile('function parse() { const loop = () => Promise.resolve().then(loop); loop(); return new Promise(() => {}); }');
    expect(jobs.exceptionType).toBe('TimeLimitExceeded');
    expect(await hostile(`function parse() { return { line: String(/(a+)+$/.test('${'a'.repeat(30)}b')) }; }`)).toMatchObject({
      exceptionType: 'TimeLimitExceeded',
    });
  });

  it('ends a 1 GB allocation at the memory limit', async () => {
    for (const allocation of [`'x'.repeat(1e9)`, 'new Uint8Array(1e9)']) {
      expect(await hostile(`function parse() { return { line: String(${allocation}.length) }; }`)).toMatchObject({
        exceptionType: 'MemoryLimitExceeded',
        exceptionMessage: 'De code gebruikte meer dan 32 MB geheugen en is afgebroken.',
      });
    }
  });

  it('ends an allocation that grows step by step at whichever limit comes first', async () => {
    // Filling up to 32 MB takes QuickJS 50–250 ms (more in a fresh worker, whose wasm is not yet
    // optimized), so the time limit may come first; either way it is a FAILED attempt.
    for (const code of ['function parse() { new Array(1e9).fill(0); }', 'function parse() { const a = []; for (;;) a.push(new Uint8Array(1e6)); }']) {
      expect(['MemoryLimitExceeded', 'TimeLimitExceeded']).toContain((await hostile(code)).exceptionType);
    }
  });

  it('ends deep recursion at the stack limit', async () => {
    const failed = await hostile('function parse(e) { const f = (n) => f(n + 1) + 1; return f(0); }');
    expect(failed).toMatchObject({ exceptionType: 'StackOverflow' });
    expect(failed.exceptionMessage).toContain('stack overflow');
  });

  it('fails a promise that never resolves, and uses the value of one that does', async () => {
    expect(await hostile('function parse() { return new Promise(() => {}); }')).toMatchObject({ exceptionType: 'PromiseNotSettled' });
    const [outcome] = await sandbox.runChain(
      [custom(`async function parse(e) { await null; return { line: await Promise.resolve('async ' + e.to[0]) }; }`)],
      email,
    );
    expect(outcome).toMatchObject({ type: 'MATCHED', line: 'async alarmen@energie.example.nl' });
  });

  it('fails a result over 64 KB as JSON', async () => {
    expect(await hostile(`function parse() { return { line: 'x', data: { a: 'x'.repeat(70000) } }; }`)).toMatchObject({
      exceptionType: 'ResultTooLarge',
      exceptionMessage: expect.stringContaining('Het resultaat is te groot'),
    });
  });

  it('reports throws: non-Errors by their type, Errors by name, message and stack', async () => {
    expect(await hostile('function parse() { throw 42; }')).toEqual({
      type: 'FAILED',
      exceptionType: 'NonErrorThrown',
      exceptionMessage: 'parse(email) gooide een waarde die geen Error is (number): 42',
      exceptionStackTrace: null,
    });
    expect(await hostile('function parse() { throw {}; }')).toMatchObject({
      exceptionType: 'NonErrorThrown',
      exceptionMessage: expect.stringContaining('(object): {}'),
    });
    const typeError = await hostile(`function parse(email) {\n  throw new TypeError('kapot: ' + email.headers['x-priority']);\n}`);
    expect(typeError).toMatchObject({ exceptionType: 'TypeError', exceptionMessage: 'kapot: 1' });
    expect(typeError.exceptionStackTrace).toContain('parse (parser.js:2');
  });

  it('fails code with a syntax error, without parse, or with an invalid result', async () => {
    expect(await hostile('function parse( {')).toMatchObject({ exceptionType: 'SyntaxError' });
    expect(await hostile('const x = 1;')).toMatchObject({ exceptionType: 'MissingParse', exceptionMessage: 'De code definieert geen functie parse(email).' });
    expect(await hostile(`function parse() { return { line: 'x'.repeat(513) }; }`)).toMatchObject({
      exceptionType: 'InvalidResult',
      exceptionMessage: 'Ongeldig resultaat van parse(email): line mag maximaal 512 tekens lang zijn.',
    });
  });
});

describe('a run stopped at a limit inside promise jobs', () => {
  // These ended inside a promise job, where QuickJS can leave objects of its own behind; freeing
  // such a runtime used to abort the worker's whole wasm instance (printed on stderr), and the
  // rest of the batch then ran on that aborted instance.
  const stoppedInJobs = [
    'function parse() { const loop = () => Promise.resolve().then(loop); loop(); return new Promise(() => {}); }',
    'async function parse() { const p = new Promise(() => {}); const loop = () => Promise.resolve().then(loop); loop(); await p; }',
    'async function parse() { await null; const a = []; for (;;) a.push(new Uint8Array(1e6)); }',
  ];

  it('aborts nothing, prints nothing, and the worker runs the next parsers, e-mails and checks normally', async () => {
    const own = createParserSandbox({ workers: 1 });
    onTestFinished(() => own.close());
    const written: string[] = [];
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    onTestFinished(() => stderr.mockRestore());
    const subjects = ['eerste', 'tweede', 'derde'];
    const batches = [];
    for (const code of stoppedInJobs) {
      batches.push(
        await own.runChains(
          [custom(code), next],
          subjects.map((subject) => ({ ...email, subject })),
        ),
      );
    }
    const check = await own.checkCustomCode('const loop = () => Promise.resolve().then(loop); loop(); while (true) {} function parse() {}');
    const after = await own.runChain([custom(EXAMPLE_CUSTOM_CODE)], email);
    expect(written.join('')).toBe('');
    for (const outcomes of batches) {
      expect(
        outcomes.map((chain) => chain.map((o) => (o.type === 'FAILED' ? o.exceptionType : o.type === 'MATCHED' && 'line' in o ? o.line : o.type))),
      ).toEqual(subjects.map((subject) => [expect.stringMatching(/^(TimeLimitExceeded|MemoryLimitExceeded)$/), `volgende parser: ${subject}`]));
    }
    expect(check).toBe('De code liep langer dan 2000 ms en is afgebroken.');
    expect(after).toEqual([expect.objectContaining({ type: 'MATCHED', line: 'WP-12: Storing warmtepomp' })]);
  });
});

describe('CUSTOM parsers see nothing of the host', () => {
  it('has no process, require, host globals or module loading, also through Function and constructor chains', async () => {
    const probe = `function parse() {
      const viaFunction = Function('return this')();
      const viaChain = ({}).constructor.constructor('return globalThis')();
      const names = Object.getOwnPropertyNames(viaFunction).concat(Object.getOwnPropertyNames(viaChain));
      return { line: 'probe', data: {
        process: typeof process, require: typeof require, globalProcess: typeof globalThis.process,
        chain: ({}).constructor.constructor('return typeof process + typeof require + typeof Buffer')(),
        sameGlobal: String(viaFunction === globalThis && viaChain === globalThis),
        hostNames: names.filter((n) => /^(process|require|module|Buffer|fetch|setTimeout|setImmediate|WebAssembly|console|std|os)$/.test(n)).join(','),
      } };
    }`;
    const [outcome] = await sandbox.runChain([custom(probe)], email);
    expect(outcome).toMatchObject({
      type: 'MATCHED',
      data: { process: 'undefined', require: 'undefined', globalProcess: 'undefined', chain: 'undefinedundefinedundefined', sameGlobal: 'true', hostNames: '' },
    });
    const imported = await hostile(`async function parse() { const fs = await import('node:fs'); return { line: typeof fs }; }`);
    expect(imported.exceptionType).not.toBe('TimeLimitExceeded');
  });

  it('does not leak globals or prototype changes from one parser to the next', async () => {
    const polluter = custom(`globalThis.leaked = 1; Object.prototype.polluted = 'ja'; JSON.parse = () => ({}); function parse() { return null; }`);
    const victim = custom(`function parse(e) { return { line: typeof leaked + ' ' + typeof ({}).polluted + ' ' + e.subject }; }`, 2);
    const outcomes = await sandbox.runChain([polluter, victim], email);
    expect(outcomes).toEqual([
      { type: 'REJECTED', reason: 'parse(email) gaf geen resultaat (null).' },
      expect.objectContaining({ type: 'MATCHED', line: `undefined undefined ${email.subject}` }),
    ]);
  });
});

describe('DEFAULT parsers in the sandbox', () => {
  it('ends a catastrophic regex at the time limit; the chain goes on and the pool keeps working', async () => {
    const subject = `${'a'.repeat(30)}b`;
    const catastrophic: ParserProgram = { id: 1, type: 'DEFAULT', config: { match: { subject: '(a+)+$' }, line: '{{subject}}' } };
    const catchAll: ParserProgram = { id: 2, type: 'DEFAULT', config: { match: {}, line: 'Vangnet: {{subject}}' } };
    const { outcomes, lagMs } = await withLoopLag(() => sandbox.runChain([catastrophic, catchAll], { ...email, subject }));
    expect(outcomes).toEqual([
      expect.objectContaining({ type: 'FAILED', exceptionType: 'TimeLimitExceeded', exceptionMessage: expect.stringContaining('langer dan 250 ms') }),
      expect.objectContaining({ type: 'MATCHED', line: `Vangnet: ${subject}` }),
    ]);
    expect(lagMs).toBeLessThan(150);
    const again = await Promise.all(Array.from({ length: 10 }, (_, i) => sandbox.runChain([catchAll], { ...email, subject: `nr ${i}` })));
    expect(again.map((o) => 'line' in o[0]! && o[0]!.line)).toEqual(Array.from({ length: 10 }, (_, i) => `Vangnet: nr ${i}`));
  });

  it('runs the parsers before a killed one again and keeps their outcomes', async () => {
    const rejecting: ParserProgram = { id: 1, type: 'DEFAULT', config: { match: { from: 'nobody' }, line: 'x' } };
    const catastrophic: ParserProgram = { id: 2, type: 'DEFAULT', config: { match: { body: '^(\\w+\\s?)*$' }, line: 'x' } };
    const outcomes = await sandbox.runChain([rejecting, catastrophic, next], { ...email, text: `${'woord '.repeat(12)}woord!` });
    expect(outcomes.map((o) => o.type)).toEqual(['REJECTED', 'FAILED', 'MATCHED']);
  });
});

describe('batches of e-mails in one worker', () => {
  it('answers each e-mail its own chain, in order; a runaway parser on one e-mail ends only that run', async () => {
    const catastrophic: ParserProgram = { id: 1, type: 'DEFAULT', config: { match: { subject: '(a+)+$' }, line: 'x' } };
    const catchAll: ParserProgram = { id: 2, type: 'DEFAULT', config: { match: {}, line: 'Vangnet: {{subject}}' } };
    const subjects = ['eerste', 'tweede', `${'a'.repeat(30)}b`, 'vierde', 'vijfde'];
    const outcomes = await sandbox.runChains(
      [catastrophic, catchAll],
      subjects.map((subject) => ({ ...email, subject })),
    );
    expect(outcomes.map((chain) => chain.map((o) => (o.type === 'MATCHED' && 'line' in o ? o.line : o.type === 'FAILED' ? o.exceptionType : o.type)))).toEqual([
      ['REJECTED', 'Vangnet: eerste'],
      ['REJECTED', 'Vangnet: tweede'],
      ['TimeLimitExceeded', `Vangnet: ${subjects[2]}`],
      ['REJECTED', 'Vangnet: vierde'],
      ['REJECTED', 'Vangnet: vijfde'],
    ]);
    // An empty chain or an empty batch needs no worker.
    expect(await sandbox.runChains([], [email, email])).toEqual([[], []]);
    expect(await sandbox.runChains([catchAll], [])).toEqual([]);
  });
});

describe('realistic chains', () => {
  const defaultParser: ParserProgram = {
    id: 1,
    type: 'DEFAULT',
    config: {
      match: { subject: '^Alarm: (?<melding>.+?) op (?<installatie>\\S+)$' },
      line: '{{installatie}}: {{melding}}',
      data: [{ name: 'status', field: 'body', pattern: '^Status:\\s*(.+)$' }],
      priority: [{ field: 'body', pattern: 'kritiek', priority: 'HIGH' }],
      folderId: 4,
    },
  };

  it('stops at the first MATCHED; a FAILED parser does not stop the chain', async () => {
    const outcomes = await sandbox.runChain([custom('function parse() { throw new Error("stuk"); }'), defaultParser, next], email);
    expect(outcomes).toEqual([
      expect.objectContaining({ type: 'FAILED', exceptionType: 'Error', exceptionMessage: 'stuk' }),
      expect.objectContaining({
        type: 'MATCHED',
        line: 'WP-12: Storing warmtepomp',
        priority: 'HIGH',
        data: { status: 'KRITIEK - compressor uitgevallen' },
        folderId: 4,
      }),
    ]);
  });

  it('runs the editor example CUSTOM parser on an alarm e-mail and rejects another', async () => {
    const [matched] = await sandbox.runChain([custom(EXAMPLE_CUSTOM_CODE)], email);
    expect(matched).toMatchObject({
      type: 'MATCHED',
      line: 'WP-12: Storing warmtepomp',
      priority: 'HIGH',
      data: { installatie: 'WP-12', status: 'KRITIEK - compressor uitgevallen' },
    });
    const [rejected] = await sandbox.runChain([custom(EXAMPLE_CUSTOM_CODE)], { ...email, subject: 'Nieuwsbrief mei' });
    expect(rejected).toEqual({ type: 'REJECTED', reason: 'Geen alarmonderwerp' });
  });

  it('gives every chain its own outcomes when many run at once', async () => {
    const subjects = Array.from({ length: 40 }, (_, i) => `Alarm: Storing ${i} op WP-${i}`);
    const results = await Promise.all(
      subjects.map((subject, i) => sandbox.runChain(i % 2 ? [defaultParser] : [custom(EXAMPLE_CUSTOM_CODE)], { ...email, subject })),
    );
    expect(results.map((r) => 'line' in r[0]! && r[0]!.line)).toEqual(subjects.map((_, i) => `WP-${i}: Storing ${i}`));
  });
});

describe('checkCustomCode', () => {
  it('accepts code that defines parse and explains in Dutch what is wrong otherwise', async () => {
    expect(await sandbox.checkCustomCode(EXAMPLE_CUSTOM_CODE)).toBeNull();
    expect(await sandbox.checkCustomCode('function parse(email) {\n  return {\n}')).toMatch(
      /^De code is geen geldig JavaScript \(regel \d+, kolom \d+\): SyntaxError: /,
    );
    expect(await sandbox.checkCustomCode('const parse = 1;')).toBe('De code definieert geen functie parse(email).');
    expect(await sandbox.checkCustomCode('null.x; function parse() {}')).toMatch(/^De code gooit een fout bij het laden \(regel 1, kolom \d+\): TypeError: /);
    // Loading gets a longer budget than a run: a check must not fail because the machine is busy.
    expect(await sandbox.checkCustomCode('while (true) {} function parse() {}')).toBe('De code liep langer dan 2000 ms en is afgebroken.');
  });

  it('does not blame the code for the machine being busy: a worker with next to no time per run, and a blocked main thread', async () => {
    // As if the worker thread got 1 ms of wall clock per run on a loaded machine.
    const starved = createParserSandbox({ workers: 1, timeLimitMs: 1 });
    onTestFinished(() => starved.close());
    expect(await starved.checkCustomCode('function parse(e) { return { line: e.subject }; }')).toBeNull();
    const pending = starved.checkCustomCode(EXAMPLE_CUSTOM_CODE);
    const until = Date.now() + 600;
    while (Date.now() < until); // the main thread busy past the run limit and the watchdog's grace
    expect(await pending).toBeNull();
  });
});

describe('close', () => {
  it('rejects pending chains and refuses new ones', async () => {
    const own = createParserSandbox({ workers: 1 });
    const pending = expect(own.runChain([custom('function parse() { while (true) {} }')], email)).rejects.toThrow('closed');
    await own.close();
    await pending;
    await expect(own.runChain([next], email)).rejects.toThrow('closed');
  });
});
