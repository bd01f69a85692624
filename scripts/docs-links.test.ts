/**
 * The Markdown a reader of the repository gets: every relative link points at a file that exists
 * (and at a heading of it, where the link names one), and no page refers to documents or tracker
 * issues a reader does not have.
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

test.each(docs)('%s: no planning documents or tracker issues', (file) => {
  const text = readFileSync(file, 'utf8');
  expect(text.match(/DESIGN\.md|SPEC\.md|\bissues? #?\d+/gi) ?? []).toEqual([]);
});
