// A landed migration is never edited: migrations/hashes.json records each migration's SHA-256, and
// this check (part of `npm run lint`) fails when a recorded migration's content changed or a
// migration has no hash yet. `node scripts/migration-hashes.mjs --record` adds the hashes of new
// migrations; it never replaces a recorded one.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = process.argv.find((a, i) => i >= 2 && !a.startsWith('--')) ?? '.';
const dir = path.join(root, 'migrations');
const hashesFile = path.join(dir, 'hashes.json');
const MIGRATION = /^\d{4}-\d{2}-\d{2}T\d{4}-[\w-]+\.ts$/;

const recorded = existsSync(hashesFile) ? JSON.parse(readFileSync(hashesFile, 'utf8')) : {};
const files = readdirSync(dir)
  .filter((f) => MIGRATION.test(f) && !f.endsWith('.test.ts'))
  .sort();
const hashOf = (f) =>
  createHash('sha256')
    .update(readFileSync(path.join(dir, f)))
    .digest('hex');

const problems = [];
const added = [];
for (const f of files) {
  const hash = hashOf(f);
  if (recorded[f] === undefined) {
    if (process.argv.includes('--record')) {
      recorded[f] = hash;
      added.push(f);
    } else problems.push(`${f}: no recorded hash; run \`node scripts/migration-hashes.mjs --record\` once the migration is final`);
  } else if (recorded[f] !== hash)
    problems.push(`${f}: changed after it landed; write a new migration instead (recorded ${recorded[f].slice(0, 12)}…, now ${hash.slice(0, 12)}…)`);
}
for (const f of Object.keys(recorded)) if (!files.includes(f)) problems.push(`${f}: recorded but missing; a landed migration is never removed`);

if (added.length > 0) {
  const sorted = Object.fromEntries(Object.entries(recorded).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(hashesFile, JSON.stringify(sorted, null, 2) + '\n');
  console.log(`Recorded ${added.length} migration hash(es): ${added.join(', ')}`);
}
if (problems.length > 0) {
  console.error(`Migrations:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Migrations: ${files.length} unchanged since they were recorded.`);
