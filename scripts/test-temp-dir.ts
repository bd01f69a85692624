/**
 * Vitest globalSetup: the run gets its own temp folder (TMPDIR, which os.tmpdir(), the workers and
 * the product processes they start all follow), removed at the end. What tests left in it under
 * this product's names is listed then: a failed run (exit code 1) under CI=true, a warning elsewhere. Checked in
 * the run's own folder, so parallel runs of other checkouts sharing /tmp cannot confuse it.
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const OURS = /^(energie-|truth-|dovecot-|jobs-)/;

export default function setup() {
  const runDir = mkdtempSync(path.join(tmpdir(), 'energiebeheer-test-run-'));
  // Open like /tmp itself: the test Dovecot's processes run as other users and must reach their folder.
  chmodSync(runDir, 0o1777);
  process.env.TMPDIR = runDir;
  return () => {
    const left = readdirSync(runDir).filter((name) => OURS.test(name));
    rmSync(runDir, { recursive: true, force: true });
    if (!left.length) return;
    const message = `Tests left ${left.length} entries in the temp folder (each test removes what it makes): ${left.join(', ')}`;
    if (process.env.CI !== 'true') return console.warn(`Warning: ${message}`);
    // A throw here is only printed by Vitest ("error during close"); the exit code is what CI reads.
    console.error(message);
    process.exitCode = 1;
  };
}
