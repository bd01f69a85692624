/**
 * One word names a domain on every layer: a router key `alarmFolder` lives in
 * `modules/alarm-folders/alarm-folders.router.ts` as `alarmFoldersRouter`, validates with `src/domain/alarm-folder.ts`, and
 * its client feature is `src-client/features/alarm-folders/`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

const here = (path: string) => new URL(path, import.meta.url);
const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const routers = [...readFileSync(here('./root-router.ts'), 'utf8').matchAll(/^ {2}(\w+): (\w+),$/gm)].map(([, key = '', name = '']) => ({ key, name }));
const imports = new Map(
  [...readFileSync(here('./root-router.ts'), 'utf8').matchAll(/^import \{ (\w+) \} from '\.\/modules\/([\w-]+)\/([\w-]+)\.router';$/gm)].map(
    ([, name = '', folder = '', file = '']) => [name, { folder, file }],
  ),
);

test('the root router has its keys', () => {
  expect(routers.length).toBeGreaterThan(20);
});

test.each(routers)('router key $key: its module folder, router file and schema file share its name', ({ key, name }) => {
  const word = kebab(key);
  const where = imports.get(name);
  expect(where, `${name} is imported from a module's router file`).toBeDefined();
  expect([word, `${word}s`, word.replace(/y$/, 'ies')]).toContain(where!.folder);
  expect(where!.file).toBe(where!.folder);
  const schemas = [word, word.replace(/s$/, '')].filter((s) => existsSync(here(`../src/domain/${s}.ts`)));
  expect(schemas, `src/domain/${word}.ts exists`).not.toHaveLength(0);
});

test.each(routers)('router key $key: its router is named after its module folder', ({ name }) => {
  const where = imports.get(name);
  const camel = where!.folder.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  expect(name).toBe(`${camel}Router`);
});

/** Client features that are no server module: the alarm area's frame and live console, and the shared period pickers. */
const clientOnlyFeatures = ['alarm-area', 'period-pickers'];
/** Routers the browser has no feature of their own for: the dashboard's feature reads measurements; scripts read the jobs. */
const routersWithoutFeature = ['measurements', 'jobs'];

test('every client feature folder is named after a server module, and every router with a browser UI has one', () => {
  const folders = (path: string) =>
    readdirSync(here(path), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
  const features = folders('../src-client/features/');
  const modules = folders('./modules/');
  expect(features.filter((f) => !modules.includes(f) && !clientOnlyFeatures.includes(f))).toEqual([]);
  const routed = [...imports.values()].map((i) => i.folder);
  expect(routed.filter((m) => !features.includes(m) && !routersWithoutFeature.includes(m))).toEqual([]);
});
