/**
 * The demo starts afresh at every run, so it empties its data folder first, but only a folder it
 * made itself: its marker file inside, the default ./data-demo, or an empty or absent folder.
 * Pointed at `npm start`'s DATA_DIR by mistake, it refuses instead of deleting that database.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const DEFAULT_DEMO_DATA_DIR = './data-demo';
export const DEMO_MARKER = '.energiebeheer-demo';

export class DemoDataDirError extends Error {}

/** Empties and marks `dataDir` for a fresh demo; throws a one-line reason when it is not the demo's to empty. */
export function prepareDemoDataDir(dataDir: string): void {
  const isDefault = path.resolve(dataDir) === path.resolve(DEFAULT_DEMO_DATA_DIR);
  const holdsFiles = existsSync(dataDir) && readdirSync(dataDir).length > 0;
  if (holdsFiles && !isDefault && !existsSync(path.join(dataDir, DEMO_MARKER))) {
    throw new DemoDataDirError(
      `Refusing to start the demo in DATA_DIR=${dataDir}: that folder holds files the demo did not make, and the demo empties its folder at every start. Choose a new or empty folder, or leave DATA_DIR unset for ${DEFAULT_DEMO_DATA_DIR}.`,
    );
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(path.join(dataDir, DEMO_MARKER), 'Made by `npm run demo`, which empties this folder at every start.\n', { mode: 0o600 });
}
