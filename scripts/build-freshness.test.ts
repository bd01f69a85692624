import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { testTempDir } from '../src-server/testing/temp-dir';
import { staleReason } from './build-freshness.mjs';

/** A checkout with sources at `sourceTime` and a build at `buildTime` (seconds since the epoch). */
function checkout({ sourceTime, buildTime }: { sourceTime: number; buildTime?: number }) {
  const root = testTempDir('energie-build-');
  const write = (file: string, time: number) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), 'x');
    utimesSync(path.join(root, file), time, time);
  };
  for (const file of ['package.json', 'src-client/routes/login.tsx', 'src-server/main.ts']) write(file, sourceTime);
  if (buildTime !== undefined) for (const file of ['dist/client/index.html', 'dist/server/main.js']) write(file, buildTime);
  return { root, write };
}

test('without dist/ the product is built', () => {
  expect(staleReason(checkout({ sourceTime: 1000 }).root)).toBe('dist/ is missing');
});

test('a build newer than every source is served as it is', () => {
  expect(staleReason(checkout({ sourceTime: 1000, buildTime: 2000 }).root)).toBeNull();
});

test('a source changed after the build (an update) makes it stale, and the reason names the file', () => {
  const { root, write } = checkout({ sourceTime: 1000, buildTime: 2000 });
  write('src-client/features/feeds/feed-form.tsx', 3000);
  expect(staleReason(root)).toBe(`${path.join('src-client', 'features', 'feeds', 'feed-form.tsx')} is newer than dist/`);
});

test('a newer package-lock.json (new dependencies) makes it stale too; a newer test file does not', () => {
  const { root, write } = checkout({ sourceTime: 1000, buildTime: 2000 });
  write('src-server/modules/meters/meters.integration.test.ts', 3000);
  expect(staleReason(root)).toBeNull();
  write('package-lock.json', 3000);
  expect(staleReason(root)).toBe('package-lock.json is newer than dist/');
});
