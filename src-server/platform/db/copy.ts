/**
 * Moving a firm's data between engines (`npm run db:copy -- <from> <to>`): every
 * table of a SQLite file into an empty PostgreSQL database, or back. Both sides are migrated to the
 * same version first; then, in one transaction on the target, every table is copied in
 * foreign-key order (a reference that closes a cycle, such as a dashboard's default folder, is
 * filled in once its rows exist), PostgreSQL's id sequences are set past the highest id, and
 * every table's row count is compared with the source's. Anything amiss rolls the whole copy back.
 */
import { existsSync } from 'node:fs';
import { type Kysely, type Transaction, sql } from 'kysely';
import { type DB, describeTarget, engineOf, isPostgresUrl, openDatabase } from './database';
import { currentSchema } from './database.queries';
import { migrateToLatest } from './migrate';

/** Any table, any column: the copy reads the tables from the database itself. */
type Tables = Record<string, Record<string, unknown>>;
type AnyDB = Kysely<Tables>;

interface TableInfo {
  name: string;
  columns: string[];
  primaryKey: string[];
  /** Foreign keys: column → referenced table. */
  references: { column: string; table: string; nullable: boolean }[];
  /** PostgreSQL: the column whose sequence gives ids (`id`), if any. */
  serial?: string;
}

export interface CopyReport {
  tables: { name: string; rows: number }[];
  sequences: number;
}

const INTERNAL = /^kysely_/;

async function tablesOf(db: AnyDB): Promise<TableInfo[]> {
  const postgres = engineOf(db) === 'postgres';
  const schema = postgres ? await currentSchema(db) : undefined;
  const metadata = (await db.introspection.getTables()).filter((t) => !t.isView && !INTERNAL.test(t.name) && (!postgres || t.schema === schema));
  const tables: TableInfo[] = [];
  for (const t of metadata) {
    const nullable = new Map(t.columns.map((c) => [c.name, c.isNullable]));
    const keys = postgres ? await postgresKeys(db, t.name) : await sqliteKeys(db, t.name);
    tables.push({
      name: t.name,
      columns: t.columns.map((c) => c.name),
      primaryKey: keys.primaryKey,
      references: keys.references.map((r) => ({ ...r, nullable: nullable.get(r.column) ?? false })),
      serial: postgres ? t.columns.find((c) => c.isAutoIncrementing)?.name : undefined,
    });
  }
  return tables;
}

async function sqliteKeys(db: AnyDB, table: string) {
  const columns = await sql<{ name: string; pk: number }>`select "name", "pk" from pragma_table_info(${table})`.execute(db);
  const fks = await sql<{ from: string; table: string }>`select "from", "table" from pragma_foreign_key_list(${table})`.execute(db);
  return {
    primaryKey: columns.rows
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name),
    references: fks.rows.map((f) => ({ column: f.from, table: f.table })),
  };
}

async function postgresKeys(db: AnyDB, table: string) {
  const constraints = await sql<{ type: string; column: string; table: string | null }>`
    select c."contype" as "type", a."attname" as "column", r."relname" as "table"
    from pg_constraint c
    join pg_class t on t."oid" = c."conrelid" and t."relnamespace" = current_schema()::regnamespace
    cross join lateral unnest(c."conkey") with ordinality as k("attnum", "n")
    join pg_attribute a on a."attrelid" = t."oid" and a."attnum" = k."attnum"
    left join pg_class r on r."oid" = c."confrelid"
    where t."relname" = ${table} and c."contype" in ('p', 'f')
    order by k."n"`.execute(db);
  return {
    primaryKey: constraints.rows.filter((c) => c.type === 'p').map((c) => c.column),
    references: constraints.rows.filter((c) => c.type === 'f').map((c) => ({ column: c.column, table: c.table! })),
  };
}

/**
 * Tables so that each comes after the tables it references. A reference that closes a cycle (or
 * points at its own table) must be nullable: it is copied as null and filled in afterwards.
 */
export function copyOrder(tables: TableInfo[]): { order: TableInfo[]; later: Map<string, string[]> } {
  const remaining = new Map(tables.map((t) => [t.name, t]));
  const later = new Map<string, string[]>();
  const defer = (t: TableInfo, column: string) => later.set(t.name, [...(later.get(t.name) ?? []), column]);
  const waitsFor = (t: TableInfo) => t.references.filter((r) => remaining.has(r.table) && !later.get(t.name)?.includes(r.column));
  const breakable = (t: TableInfo) => waitsFor(t).find((r) => r.nullable);
  for (const t of tables) for (const r of t.references) if (r.table === t.name && r.nullable) defer(t, r.column);
  const order: TableInfo[] = [];
  while (remaining.size > 0) {
    const ready = [...remaining.values()].filter((t) => waitsFor(t).length === 0).sort((a, b) => a.name.localeCompare(b.name));
    for (const t of ready) {
      order.push(t);
      remaining.delete(t.name);
    }
    if (ready.length > 0) continue;
    // A cycle: the first nullable reference in it is filled in later.
    const t = [...remaining.values()].find(breakable);
    if (!t) throw new Error(`Cannot order the tables: a cycle of required references among ${[...remaining.keys()].join(', ')}`);
    defer(t, breakable(t)!.column);
  }
  return { order, later };
}

/** Rows per insert: within both engines' limits on parameters per statement (SQLite 32766, PostgreSQL 65535). */
const rowsPerBatch = (columns: number) => Math.max(1, Math.floor(30_000 / columns));

async function* readInPages(db: AnyDB, table: TableInfo) {
  const page = rowsPerBatch(table.columns.length);
  let after: unknown[] | undefined;
  for (;;) {
    let q = db.selectFrom(table.name).selectAll();
    if (table.primaryKey.length > 0) {
      const key = sql.join(table.primaryKey.map((c) => sql.ref(c)));
      if (after) q = q.where(sql<boolean>`(${key}) > (${sql.join(after)})`);
      for (const column of table.primaryKey) q = q.orderBy(column);
      q = q.limit(page);
    }
    const rows = await q.execute();
    if (rows.length > 0) yield rows;
    if (table.primaryKey.length === 0 || rows.length < page) return;
    const last = rows.at(-1)!;
    after = table.primaryKey.map((c) => last[c]);
  }
}

async function countRows(db: AnyDB, table: string) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Refuses a target that holds anything but what the migrations themselves put there. */
async function assertEmpty(target: AnyDB, tables: TableInfo[], seeded: Map<string, number>) {
  for (const t of tables) {
    const n = await countRows(target, t.name);
    if (n > (seeded.get(t.name) ?? 0)) throw new Error(`The target is not empty: table ${t.name} has ${n} rows. Copy into an empty database.`);
  }
}

async function copyDatabase(source: DB, target: DB, log: (line: string) => void = () => undefined): Promise<CopyReport> {
  // The copy reads its tables from the database itself, not from the typed schema.
  const [from, to] = [source, target] as unknown[] as [AnyDB, AnyDB];
  await migrateToLatest(source);
  const fresh = (await tablesOf(to)).length === 0;
  await migrateToLatest(target);
  const tables = await tablesOf(to);
  // Rows the migrations insert (a cursor row, for instance) are replaced by the source's.
  const seeded = new Map<string, number>();
  if (fresh) for (const t of tables) seeded.set(t.name, await countRows(to, t.name));
  await assertEmpty(to, tables, seeded);
  const { order, later } = copyOrder(tables);
  const report: CopyReport = { tables: [], sequences: 0 };
  await to.transaction().execute(async (tx) => {
    for (const t of [...order].reverse()) if (seeded.get(t.name)) await tx.deleteFrom(t.name as never).execute();
    for (const t of order) {
      const deferred = later.get(t.name) ?? [];
      let rows = 0;
      for await (const page of readInPages(from, t)) {
        const values = page.map((r) => Object.fromEntries(t.columns.map((c) => [c, deferred.includes(c) ? null : r[c]])));
        await tx
          .insertInto(t.name as never)
          .values(values as never)
          .execute();
        rows += page.length;
      }
      report.tables.push({ name: t.name, rows });
      log(`${t.name}: ${rows} rows`);
    }
    for (const [name, columns] of later)
      await fillIn(
        from,
        tx,
        tables.find((t) => t.name === name)!,
        columns,
        log,
      );
    if (engineOf(target) === 'postgres') report.sequences = await resetSequences(tx, tables, log);
    for (const t of tables) {
      const [read, written] = [await countRows(from, t.name), await countRows(tx, t.name)];
      if (read !== written) throw new Error(`Row counts differ for ${t.name}: ${read} in the source, ${written} copied. Nothing was copied.`);
    }
  });
  return report;
}

/** The references that were copied as null (a cycle), set from the source row by row. */
async function fillIn(source: AnyDB, tx: Transaction<Tables>, table: TableInfo, columns: string[], log: (line: string) => void) {
  let updated = 0;
  for await (const page of readInPages(source, table)) {
    for (const row of page) {
      if (columns.every((c) => row[c] === null)) continue;
      let q = tx.updateTable(table.name).set(Object.fromEntries(columns.map((c) => [c, row[c]])));
      for (const k of table.primaryKey) q = q.where(k, '=', row[k]);
      await q.execute();
      updated++;
    }
  }
  log(`${table.name}: ${columns.join(', ')} filled in on ${updated} rows`);
}

/** PostgreSQL hands out ids from a sequence, which copied rows did not use: each is set past its table's highest id. */
async function resetSequences(tx: Transaction<Tables>, tables: TableInfo[], log: (line: string) => void) {
  let n = 0;
  for (const t of tables) {
    if (!t.serial) continue;
    await sql`select setval(pg_get_serial_sequence(${`"${t.name}"`}, ${t.serial}), coalesce(max(${sql.ref(t.serial)}), 0) + 1, false) from ${sql.table(t.name)}`.execute(
      tx,
    );
    n++;
  }
  log(`${n} id sequences set past the highest copied id`);
  return n;
}

/** The command: `npm run db:copy -- <from> <to>`, each a SQLite file or a postgres:// URL. */
export async function copyCommand(from: string, to: string, log: (line: string) => void): Promise<CopyReport> {
  if (!isPostgresUrl(from) && !existsSync(from)) throw new Error(`No database file at ${from}.`);
  if (isPostgresUrl(from) === isPostgresUrl(to)) throw new Error('Copy from a SQLite file to a postgres:// URL, or from a postgres:// URL to a SQLite file.');
  const source = openDatabase(from);
  const target = openDatabase(to);
  try {
    const started = Date.now();
    log(`Copying ${describeTarget(from)} to ${describeTarget(to)} ...`);
    const report = await copyDatabase(source, target, log);
    const rows = report.tables.reduce((sum, t) => sum + t.rows, 0);
    log(`Done: ${report.tables.length} tables, ${rows} rows, counts checked, in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return report;
  } finally {
    await source.destroy();
    await target.destroy();
  }
}

/**
 * A PostgreSQL database's snapshot as a new SQLite file (a backup): the file is migrated to this
 * version's schema, emptied of what the migrations seed, then every table is read in one
 * `REPEATABLE READ` read-only transaction, so the copy is one consistent moment while the product
 * keeps writing. Foreign keys are checked once at the end instead of ordering the inserts. Answers
 * the row count of every table, compared on both sides.
 */
export async function copyPostgresSnapshot(source: DB, targetFile: string): Promise<Record<string, number>> {
  const target = openDatabase(targetFile);
  const to = target as unknown as AnyDB;
  try {
    await migrateToLatest(target);
    const tables = await tablesOf(to);
    await sql`pragma foreign_keys = off`.execute(to);
    const counts: Record<string, number> = {};
    await (source as unknown as AnyDB)
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (from) => {
        await to.transaction().execute(async (tx) => {
          for (const t of tables) {
            await tx.deleteFrom(t.name).execute();
            for await (const page of readInPages(from, t)) {
              const values = page.map((r) => Object.fromEntries(t.columns.map((c) => [c, r[c]])));
              await tx
                .insertInto(t.name as never)
                .values(values as never)
                .execute();
            }
            const [read, written] = [await countRows(from, t.name), await countRows(tx, t.name)];
            if (read !== written) throw new Error(`Row counts differ for ${t.name}: ${read} in the database, ${written} in the backup.`);
            counts[t.name] = written;
          }
        });
      });
    const broken = await sql`select 1 from pragma_foreign_key_check limit 1`.execute(to);
    if (broken.rows.length > 0) throw new Error('The snapshot breaks a foreign key.');
    return counts;
  } finally {
    await target.destroy();
  }
}
