import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { testTempDir } from '../src-server/testing/temp-dir';
import { DEMO_MARKER, DemoDataDirError, prepareDemoDataDir } from './demo-data-dir';

const tempDir = () => testTempDir('energie-demo-dir-');

test("the demo refuses a DATA_DIR holding another database (npm start's) and leaves it as it was", () => {
  const dataDir = tempDir();
  writeFileSync(path.join(dataDir, 'app.db'), 'the real data');
  expect(() => prepareDemoDataDir(dataDir)).toThrow(DemoDataDirError);
  expect(() => prepareDemoDataDir(dataDir)).toThrow(/Refusing to start the demo in DATA_DIR=.*holds files the demo did not make/);
  expect(readdirSync(dataDir)).toEqual(['app.db']);
});

test('an absent or empty folder is made into a marked demo folder', () => {
  const absent = path.join(tempDir(), 'nieuw');
  prepareDemoDataDir(absent);
  expect(readdirSync(absent)).toEqual([DEMO_MARKER]);
  const empty = tempDir();
  prepareDemoDataDir(empty);
  expect(readdirSync(empty)).toEqual([DEMO_MARKER]);
});

test('a folder the demo made is emptied at the next start', () => {
  const dataDir = tempDir();
  prepareDemoDataDir(dataDir);
  writeFileSync(path.join(dataDir, 'app.db'), 'yesterday');
  mkdirSync(path.join(dataDir, 'sub'));
  prepareDemoDataDir(dataDir);
  expect(readdirSync(dataDir)).toEqual([DEMO_MARKER]);
  expect(existsSync(path.join(dataDir, 'app.db'))).toBe(false);
});
