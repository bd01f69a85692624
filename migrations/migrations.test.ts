import { readdirSync } from 'node:fs';
import { expect, test } from 'vitest';
import { migrations } from './index';

test('every migration file in the folder is registered, in date order', () => {
  const files = readdirSync(import.meta.dirname)
    .filter((f) => /^\d{4}-\d{2}-\d{2}T\d{4}-.+\.ts$/.test(f))
    .map((f) => f.replace(/\.ts$/, ''))
    .sort();
  expect(Object.keys(migrations)).toEqual(files);
});
