/**
 * The Markdown a reader of the repository gets: every relative link points at a file that exists
 * (and at a heading of it, where the link names one), and no page or source file refers to
 * documents or issue numbers a reader does not have.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const docs = [
  'README.md',
  'ARCHITECTURE.md',
  'CONTRIBUTING.md',
  'bench/README.md',
  ...readdirSync('docs', { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The anchors GitHub gives a page's headings (code blocks left out). */
function anchors(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  const slugs = [...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) =>
    m[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-'),
  );
  return new Set(slugs);
}

test.each(docs)('%s: every relative link resolves', (file) => {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  const broken: string[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target!)) continue;
    const [ref, anchor] = target!.split('#') as [string, string | undefined];
    const linked = ref ? path.join(path.dirname(file), ref) : file;
    if (!existsSync(linked)) broken.push(target!);
    else if (anchor && linked.endsWith('.md') && !anchors(linked).has(anchor)) broken.push(target!);
  }
  expect(broken).toEqual([]);
});

/** The code and its docs: what a reader of the repository opens. */
const sources = [
  ...docs,
  ...['src', 'src-server', 'src-client', 'e2e', 'scripts', 'bench'].flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ts|tsx|mjs|js|md)$/.test(f))
      .map((f) => `${dir}/${f}`),
  ),
];

// Written in lower case and matched without regard to case, so this file does not name them itself.
const elsewhere = /(design|spec)\.md|\bbeyond spec\b|\bissues? #?\d+|\btracker\s+issues?\b/gi;

test('no page, comment or test name points at a planning document or an issue number', () => {
  const found = sources.flatMap((file) => (readFileSync(file, 'utf8').match(elsewhere) ?? []).map((m) => `${file}: ${m}`));
  expect(found).toEqual([]);
});
