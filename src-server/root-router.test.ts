/**
 * One word names a domain on every layer: a router key `alarmFolder` lives in
 * `modules/alarm-folders/alarm-folders.router.ts` and validates with `src/domain/alarm-folder.ts`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

const here = (path: string) => new URL(path, import.meta.url);
const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const routers = [...readFileSync(here('./root-router.ts'), 'utf8').matchAll(/^ {2}(\w+): (\w+),$/gm)].map(([, key = '', name = '']) => ({ key, name }));
const imports = new Map(
  [...readFileSync(here('./root-router.ts'), 'utf8').matchAll(/^import \{ (\w+) \} from '\.\/modules\/([\w-]+)\/([\w-]+)\.router';$/gm)].map(
    ([, name, folder, file]) => [name, { folder, file }],
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
