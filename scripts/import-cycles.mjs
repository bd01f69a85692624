// Import cycles in a TypeScript tree, read from the import statements (relative, `@/` = src/, `~/` =
// src-client/), tests and generated files left out. Prints file-level cycles and cycles between the
// domain folders (src-server/modules/<m>, src-client/features/<f>, and the other top folders), then
// (runtime imports only) a last line "cycles: files F, folders M". Usage: node import-cycles.mjs REPO [--types]
// With --types, type-only imports count too: a cycle of types is still a tangle a reader must hold in mind.
import fs from 'node:fs';
import path from 'node:path';

const repo = path.resolve(process.argv[2] ?? '.');
const withTypes = process.argv.includes('--types');
const roots = ['src', 'src-server', 'src-client'];
const skip = (f) => /\.test\.|\.spec\.|routeTree\.gen\.ts$|\/testing\/|\/testdata\//.test(f);
const files = [];
const walk = (d) => {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules') walk(p);
    } else if (/\.(ts|tsx)$/.test(e.name) && !skip(p)) files.push(p);
  }
};
for (const r of roots) if (fs.existsSync(path.join(repo, r))) walk(path.join(repo, r));
const known = new Set(files);
const resolve = (from, spec) => {
  let base;
  if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else if (spec.startsWith('@/')) base = path.join(repo, 'src', spec.slice(2));
  else if (spec.startsWith('~/')) base = path.join(repo, 'src-client', spec.slice(2));
  else return null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx'), base.replace(/\.js$/, '.ts')])
    if (known.has(c)) return c;
  return null;
};
const edges = new Map();
for (const f of files) {
  const text = fs.readFileSync(f, 'utf8');
  const out = new Set();
  // runtime imports only: `import type` / `export type` and all-type specifier lists vanish at build time
  for (const m of text.matchAll(/(?:^|\n)\s*(import|export)\s([^;]*?)from\s+['"]([^'"]+)['"]/g)) {
    const clause = m[2].trim();
    if (!withTypes && /^type\s/.test(clause)) continue;
    const named = /^\{([\s\S]*)\}$/.exec(clause);
    if (
      !withTypes &&
      named &&
      named[1]
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
        .every((x) => x.startsWith('type '))
    )
      continue;
    const t = resolve(f, m[3]);
    if (t && t !== f) out.add(t);
  }
  for (const m of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const t = resolve(f, m[1]);
    if (t && t !== f) out.add(t);
  }
  edges.set(f, out);
}
function scc(nodes, succ) {
  // Tarjan
  let i = 0;
  const idx = new Map(),
    low = new Map(),
    st = [],
    on = new Set(),
    out = [];
  const visit = (v) => {
    idx.set(v, i);
    low.set(v, i);
    i++;
    st.push(v);
    on.add(v);
    for (const w of succ(v)) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const c = [];
      let w;
      do {
        w = st.pop();
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) out.push(c);
    }
  };
  for (const v of nodes) if (!idx.has(v)) visit(v);
  return out;
}
const rel = (f) => path.relative(repo, f);
const fileCycles = scc(files, (f) => edges.get(f) ?? []);
const folderOf = (f) => {
  const r = rel(f).split(path.sep);
  if (r[0] === 'src-server' && r[1] === 'modules') return r.slice(0, 3).join('/');
  if (r[0] === 'src-client' && r[1] === 'features') return r.slice(0, 3).join('/');
  return r.length > 2 ? r.slice(0, 2).join('/') : r.join('/');
};
const fe = new Map();
for (const [f, ts] of edges)
  for (const t of ts) {
    const a = folderOf(f),
      b = folderOf(t);
    if (a !== b) {
      if (!fe.has(a)) fe.set(a, new Set());
      fe.get(a).add(b);
    }
  }
const folderCycles = scc([...new Set(files.map(folderOf))], (a) => fe.get(a) ?? []);
for (const c of fileCycles) console.log(`file cycle (${c.length}): ${c.map(rel).join(' → ')}`);
for (const c of folderCycles) {
  console.log(`folder cycle (${c.length}): ${c.join(' ⇄ ')}`);
  const inC = new Set(c);
  for (const a of c)
    for (const b of fe.get(a) ?? [])
      if (inC.has(b)) {
        const why = [...edges]
          .filter(([f]) => folderOf(f) === a)
          .flatMap(([f, ts]) => [...ts].filter((t) => folderOf(t) === b).map((t) => `${rel(f)} → ${rel(t)}`));
        console.log(`  ${a} → ${b}: ${why.slice(0, 2).join('; ')}${why.length > 2 ? ` (+${why.length - 2})` : ''}`);
      }
}
console.log(`cycles: files ${fileCycles.length}, folders ${folderCycles.length} (${files.length} files)`);
process.exit(fileCycles.length + folderCycles.length ? 1 : 0);
