// Lint: typescript-eslint's recommended rules, React's hook rules for the client, and the import
// boundaries of CONVENTIONS.md as `no-restricted-imports` patterns per folder.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Sub-folders of a folder, read when the config loads, so a new feature or module is covered at once. */
const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (names) => `(${names.map(escape).join('|')})`;

/** A pattern for `no-restricted-imports`: `regex` is tested against the import path as written. */
const forbid = (regex, message) => ({ regex, message, caseSensitive: true });

/** A relative path that climbs (`../`, `../../`, …) into one of these folders. */
const climbsInto = (names) => `^(\\.\\./)+${anyOf(names)}(/|$)`;

const restrict = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

// Aliases (tsconfig.json `paths`, vite.config.ts `alias`): `@/` is src/, `~/` is src-client/.
const clientAlias = forbid('^~/', 'Only src-client/ may use the client alias ~/.');

const isomorphic = [clientAlias, forbid(climbsInto(['src-server', 'src-client']), 'src/ is isomorphic: it imports neither src-server/ nor src-client/.')];

const server = [clientAlias, forbid(climbsInto(['src-client']), 'src-server/ never imports src-client/.')];

// Server layers, top to bottom: the composition root (the files at src-server/'s top), the API layer
// (api/: tRPC tiers, the REST adapter), the modules, the platform (platform/: db, jobs, events,
// sandbox, secrets, clock), then src/domain. Imports only go down; a module's routers and procedure
// tiers are its API face and may use api/, the rest of a module may not. Types may cross upward
// (the database's schema names every module's table; the context names the services).
const compositionRoot = ['services', 'reactions', 'root-router', 'app', 'server', 'main', 'config', 'db-copy'];
const intoRoot = forbid(
  `^(\\.\\./)+${anyOf(compositionRoot)}(\\.ts)?$`,
  'The composition root (services, reactions, root-router, app, server, main, config) is imported by nobody: hand what is needed in.',
);
const typesMayCross = (pattern) => ({ ...pattern, allowTypeImports: true });
const platform = [
  ...server,
  typesMayCross(intoRoot),
  typesMayCross(forbid(climbsInto(['modules', 'api']), 'The platform knows no module and no API: modules and the API use it, not the other way round.')),
];
const api = [...server, typesMayCross(intoRoot)];
const moduleBody = forbid(
  climbsInto(['api']),
  "Only a module's routers and procedure tiers (*.router.ts, *.procedures.ts) use the API layer; services, queries and jobs never do.",
);

const modules = foldersIn('./src-server/modules/');
/** Another module's `*.table` file, from anywhere inside module `own` (sub-folders included). */
const otherModulesTables = (own) =>
  forbid(
    `^(\\.\\./)+(modules/)?${anyOf(modules.filter((m) => m !== own))}/(.+/)?[^/]+\\.table(\\.ts)?$`,
    `A module reaches another module only through its queries or services, never its tables (src-server/platform/db/schema.ts may).`,
  );

const features = foldersIn('./src-client/features/');
const otherFeatures = (own) => [
  forbid(`^~/features/(?!${escape(own)}(/|$))`, `No imports across features: move what ${own} shares into components/ or lib/.`),
  forbid(
    `^(\\.\\./)+(features/)?${anyOf(features.filter((f) => f !== own))}(/|$)`,
    `No imports across features: move what ${own} shares into components/ or lib/.`,
  ),
  forbid('^~/routes(/|$)', 'Imports flow components → features → routes: a feature never imports a route.'),
  forbid(climbsInto(['routes']), 'Imports flow components → features → routes: a feature never imports a route.'),
];

const components = [
  forbid('^~/(features|routes)(/|$)', 'components/ know no domain: they import neither features/ nor routes/.'),
  forbid(climbsInto(['features', 'routes']), 'components/ know no domain: they import neither features/ nor routes/.'),
];

const migrationAppCode = forbid(
  `^[@~]/|${climbsInto(['src', 'src-server', 'src-client', 'scripts', 'bench', 'e2e'])}`,
  'Migrations are frozen in time: they never import app code.',
);
const migrationsOnlyKysely = forbid('^(?!kysely(/|$)|\\./)', 'Migrations are frozen in time: they import only kysely and sibling migrations.');

// SQL only in `*.queries.ts`: a statement (Kysely's builder or a `sql` template) anywhere else under
// src-server/ fails the lint. The exceptions, each for its reason:
const sqlOutsideQueries = [
  // the engine copy (db:copy) reads the catalog and copies every table generically: its statements are its whole job
  'src-server/platform/db/copy.ts',
  // SQL fragments (the tenancy scopes, the search conditions) that the queries files build on, not statements
  'src-server/platform/db/tenancy.ts',
  'src-server/platform/db/listing.ts',
  // opening a PostgreSQL connection creates its schema first (`create schema if not exists`)
  'src-server/platform/db/database.ts',
  // tests and the test worlds set up rows directly
  'src-server/**/*.test.ts',
  'src-server/testing/**',
];
const sqlOnlyInQueries = {
  files: ['src-server/**/*.ts'],
  ignores: ['src-server/**/*.queries.ts', ...sqlOutsideQueries],
  rules: {
    'no-restricted-syntax': [
      'error',
      ...['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto'].map((name) => ({
        selector: `MemberExpression[property.name='${name}']`,
        message: `SQL lives in the module's *.queries.ts: move this ${name} into a query function there.`,
      })),
      {
        selector: "TaggedTemplateExpression[tag.name='sql']",
        message: "SQL lives in the module's *.queries.ts: move this sql`…` into a query function there.",
      },
      {
        selector: "MemberExpression[object.name=/^(sql|CompiledQuery)$/][property.name='raw']",
        message: "SQL lives in the module's *.queries.ts: move this raw SQL into a query function there.",
      },
    ],
  },
};

// Forms are made with `useAppForm` (src-client/components/form/use-app-form.tsx): the shared field
// components, `form.SubmitButton` and the shared schema as validator. Plain `useForm` is for the
// form kit itself.
const formsOnOneHook = {
  files: ['src-client/**/*.{ts,tsx}'],
  ignores: ['src-client/components/form/**'],
  rules: {
    'no-restricted-syntax': [
      'error',
      ...["CallExpression[callee.name='useForm']", "ImportSpecifier[imported.name='useForm']"].map((selector) => ({
        selector,
        message: 'Make forms with useAppForm (~/components/form/use-app-form), not plain useForm.',
      })),
    ],
  },
};

// Tests clean up with `onTestFinished` (right after the thing is made), `afterEach` or `afterAll`,
// never in a `try`/`finally`: a finally keeps the body about clean-up and is easy to get wrong when
// an assertion throws. A finally that is part of what runs stays; each is listed here with the
// function it sits in (the selector skips tries inside that function) and its reason.
const finallyAllowed = [
  // a helper that opens its own connection per call and closes it before returning
  { file: 'src-server/modules/alarm-parsers/parse-process.integration.test.ts', inside: 'FunctionDeclaration[id.name="storeMail"]' },
  { file: 'src-server/modules/auth/cache-across-instances.integration.test.ts', inside: 'FunctionDeclaration[id.name="behindEveryonesBack"]' },
  { file: 'src-server/modules/mail-sources/smtp/smtp-receiver.integration.test.ts', inside: 'FunctionDeclaration[id.name="send"]' },
  { file: 'src-server/modules/mail-sources/imap/imap-fetch.integration.test.ts', inside: 'VariableDeclarator[id.name="run"]' },
  // the helper stops the timer that measures the loop's lag before it reports the figure
  { file: 'src-server/platform/sandbox/parser-sandbox.integration.test.ts', inside: 'FunctionDeclaration[id.name="withLoopLag"]' },
  // the first server stops mid-test so the same DATA_DIR can start again: the stop is a step of the test
  { file: 'src-server/start-checks.integration.test.ts', inside: 'CallExpression[arguments.0.value=/^a SECRET_KEY that does not open/]' },
  // runs inside the service worker (page.evaluate): it restores fetch and openWindow before reading
  { file: 'e2e/push.test.ts', inside: 'CallExpression[callee.property.name="evaluate"]' },
];
const noFinally = (inside) => ({
  selector: inside ? `TryStatement[finalizer]:not(${inside} TryStatement)` : 'TryStatement[finalizer]',
  message: 'Tests clean up with onTestFinished(() => …) right after making the thing (or afterEach/afterAll), not in try/finally.',
});
const cleanUpInHooks = [
  {
    files: ['**/*.test.ts'],
    ignores: finallyAllowed.map((a) => a.file),
    rules: { 'no-restricted-syntax': ['error', noFinally()] },
  },
  ...finallyAllowed.map((a) => ({ files: [a.file], rules: { 'no-restricted-syntax': ['error', noFinally(a.inside)] } })),
];

export default defineConfig(
  globalIgnores(['dist/', 'node_modules/', 'src-client/routeTree.gen.ts', 'data*/', '.tmp/', 'test-results/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // A promise nobody awaits or catches loses its error and its order (it once let an 11th mailbox
    // test past its limit): type-aware, so only this rule pays for the type information.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    // Kysely's own advice: a migration types its database as Kysely<any>, as the schema was then.
    files: ['migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src-client/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    // The service worker is a plain script served as it is (/app/sw.js).
    files: ['src-client/public/sw.js'],
    languageOptions: { globals: globals.serviceworker },
  },

  // Import boundaries. For any one file the last matching `no-restricted-imports` wins whole (options
  // are not merged), so the narrower entries below repeat the patterns of the wider ones.
  restrict(['src/**'], isomorphic),
  restrict(['src-server/**'], server),
  restrict(['src-server/platform/**'], platform, ['src-server/**/*.test.ts']),
  restrict(['src-server/api/**'], api, ['src-server/**/*.test.ts']),
  ...modules.map((m) =>
    restrict(
      [`src-server/modules/${m}/**`],
      [...server, intoRoot, otherModulesTables(m), moduleBody],
      ['**/*.router.ts', '**/*.procedures.ts', '**/*.test.ts'],
    ),
  ),
  ...modules.map((m) => restrict([`src-server/modules/${m}/**/*.{router,procedures}.ts`], [...server, intoRoot, otherModulesTables(m)])),
  restrict(['src-client/components/**'], components),
  ...features.map((f) => restrict([`src-client/features/${f}/**`], otherFeatures(f))),
  restrict(['migrations/**'], [migrationsOnlyKysely], ['migrations/**/*.test.ts']),
  restrict(['migrations/**/*.test.ts'], [migrationAppCode]),
  sqlOnlyInQueries,
  formsOnOneHook,
  ...cleanUpInHooks,
);
