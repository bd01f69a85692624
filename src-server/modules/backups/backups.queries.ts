/** What a snapshot file holds: its integrity, the rows of every table and its schema's last migration. */
import SQLite from 'better-sqlite3';

export interface SnapshotFacts {
  ok: boolean;
  problem: string | null;
  tables: Record<string, number>;
  schema: string | null;
}

/** Opens a SQLite file read-only and checks it (`PRAGMA integrity_check`), counting every table's rows. */
export function inspectSnapshot(file: string): SnapshotFacts {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.prepare('pragma integrity_check').pluck().all() as string[];
    const names = db
      .prepare(
        `select "name" from sqlite_master where "type" = 'table' and "name" not like 'sqlite\\_%' escape '\\' and "name" not like 'kysely\\_%' escape '\\' order by "name"`,
      )
      .pluck()
      .all() as string[];
    const tables: Record<string, number> = {};
    for (const name of names)
      tables[name] = db
        .prepare(`select count(*) from "${name.replace(/"/g, '""')}"`)
        .pluck()
        .get() as number;
    const hasMigrations = db.prepare(`select 1 from sqlite_master where "name" = 'kysely_migration'`).pluck().get();
    const schema = hasMigrations ? ((db.prepare('select max("name") from "kysely_migration"').pluck().get() as string | null) ?? null) : null;
    const ok = check.length === 1 && check[0] === 'ok';
    return { ok, problem: ok ? null : check.slice(0, 3).join('; '), tables, schema };
  } finally {
    db.close();
  }
}
