/**
 * One way to call a service: every function a `*.service.ts` exports takes its deps first, then, when it acts
 * for someone, the `Caller` (`callerOf(ctx)`: the user whose scope applies, the actor the history names), then
 * its input. No service takes a bare `db`, a `User` or an `Actor`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { expect, test } from 'vitest';

const modules = new URL('./modules/', import.meta.url);

/** Exports of service files that are no service: pure functions of their arguments, with no deps to take. */
const pureHelpers: Record<string, string> = {
  'alarm-actions.service.ts actionApiUrl': 'turns an action page URL into its REST URL',
  'energy-rules.service.ts toRule': 'maps a stored rule row to its output shape',
  'escalation-policies.service.ts toPolicy': 'maps a stored policy row to its output shape',
  'ingest-tokens.service.ts hashIngestToken': 'hashes a token string',
};

interface Exported {
  where: string;
  name: string;
  params: ts.NodeArray<ts.ParameterDeclaration>;
}

function exportedFunctions(file: string, text: string): Exported[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Exported[] = [];
  const isExported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const node of source.statements) {
    if (!isExported(node)) continue;
    if (ts.isFunctionDeclaration(node) && node.name) found.push({ where: file, name: node.name.text, params: node.parameters });
    if (ts.isVariableStatement(node))
      for (const d of node.declarationList.declarations) {
        const init = d.initializer;
        if (ts.isIdentifier(d.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)))
          found.push({ where: file, name: d.name.text, params: init.parameters });
      }
  }
  return found;
}

const serviceFiles = readdirSync(modules, { recursive: true, encoding: 'utf8' })
  .filter((p) => p.endsWith('.service.ts'))
  .sort();
const services = serviceFiles.flatMap((p) => exportedFunctions(p.split('/').pop()!, readFileSync(new URL(p, modules), 'utf8')));

/** The type names a parameter's annotation mentions (`Pick<XDeps, 'db'>` gives Pick and XDeps). */
function typeNames(param: ts.ParameterDeclaration): string[] {
  const names: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTypeReferenceNode(node)) names.push(node.typeName.getText());
    ts.forEachChild(node, visit);
  };
  if (param.type) visit(param.type);
  return names;
}

/** The type names a parameter is (`User`, `User | undefined`), not those of a callback's own parameters. */
function topTypeNames(param: ts.ParameterDeclaration): string[] {
  const of = (t: ts.TypeNode | undefined): string[] =>
    !t ? [] : ts.isTypeReferenceNode(t) ? [t.typeName.getText()] : ts.isUnionTypeNode(t) ? t.types.flatMap(of) : [];
  return of(param.type);
}

function problems({ params }: Exported): string[] {
  const found: string[] = [];
  const [first, second] = params;
  if (!first) return ['takes no deps'];
  const firstName = ts.isIdentifier(first.name) ? first.name.text : undefined;
  const depsType = typeNames(first).some((n) => n.endsWith('Deps'));
  // `deps`, or a destructured deps object (`{ db, clock }: MeterDeps`) — never a bare `db` or an inline shape.
  if (firstName ? firstName !== 'deps' : !depsType) found.push(`first parameter is ${first.name.getText()}, not deps`);
  if (!depsType) found.push(`first parameter's type ${first.type?.getText() ?? '(none)'} is not a module's deps interface`);
  if (second && ts.isIdentifier(second.name) && ['user', 'actor', 'userId', 'db'].includes(second.name.text))
    found.push(`second parameter is ${second.name.text}: take the Caller`);
  for (const p of params)
    for (const n of topTypeNames(p))
      if (['User', 'Actor', 'DB'].includes(n)) found.push(`parameter ${p.name.getText()} is a ${n}: a service takes deps and the Caller`);
  return found;
}

test('the check sees the service files and their exports', () => {
  expect(serviceFiles.length).toBeGreaterThan(25);
  expect(services.length).toBeGreaterThan(100);
});

test('the check refuses the old shapes and accepts the convention', () => {
  const verdicts = (code: string) => exportedFunctions('x.service.ts', code).map((s) => problems(s).length > 0);
  expect(
    verdicts(`
      export async function a(db: DB, user: User, id: number) {}
      export async function b(deps: XDeps, user: User, id: number) {}
      export const c = (deps: XDeps, actor: Actor, id: number) => id;
      export async function d({ db }: { db: DB }, id: number) {}
      export async function e(deps: XDeps, userId: number, input: unknown) {}
    `),
  ).toEqual([true, true, true, true, true]);
  expect(
    verdicts(`
      export async function f(deps: XDeps, caller: Caller, id: number) {}
      export const g = ({ db }: Pick<XDeps, 'db'>, { user }: Caller, id: number) => id;
      export async function h(deps: Pick<XDeps, 'db' | 'clock'>, row: Row) {}
    `),
  ).toEqual([false, false, false]);
});

test('listed exceptions still exist', () => {
  const names = new Set(services.map((s) => `${s.where} ${s.name}`));
  expect(Object.keys(pureHelpers).filter((k) => !names.has(k))).toEqual([]);
});

test('every exported service takes (deps, caller?, input…)', () => {
  const wrong = services.filter((s) => !pureHelpers[`${s.where} ${s.name}`]).flatMap((s) => problems(s).map((p) => `${s.where} ${s.name}: ${p}`));
  expect(wrong).toEqual([]);
});
