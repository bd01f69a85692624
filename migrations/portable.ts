// Frozen in time: never import application code here.

/**
 * One set of migrations for SQLite and PostgreSQL. Migrations are written in
 * SQLite's vocabulary, with Kysely's schema builder: types 'integer', 'text', 'real', 'blob' and
 * `c.primaryKey().autoIncrement()` for ids. On PostgreSQL the migrator runs them through
 * `PortableSchemaPlugin`, which maps each column type onto what behaves the same there:
 *
 *   integer + primaryKey().autoIncrement()  →  bigserial   (a 64-bit id from a sequence)
 *   integer                                 →  bigint      (SQLite's INTEGER is 64-bit too)
 *   real                                    →  double precision (SQLite's REAL is 8 bytes; PG's real is 4)
 *   blob                                    →  bytea
 *
 * Booleans stay 'integer' 0/1 on both engines (with `check (x in (0, 1))` where wanted).
 * Raw SQL in a migration must be portable: column types through `rawTypes(db)`, SQLite's
 * `without rowid` through `withoutRowid(db)`, no SQLite functions. Raw SQL in a migration must be portable (quoted identifiers, no SQLite functions); where it
 * cannot be, branch with `engineOf(db)` and keep both forms side by side, e.g. SQLite's
 * `without rowid` tables, or a foreign key to a table created later (SQLite allows it,
 * PostgreSQL adds it with `alterTable(...).addForeignKeyConstraint` once the table exists).
 */
import {
  ColumnDefinitionNode,
  DataTypeNode,
  type Kysely,
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PostgresAdapter,
  type QueryResult,
  type RawBuilder,
  type RootOperationNode,
  sql,
  type UnknownRow,
} from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/** Which engine a database runs on: for the few statements whose SQL must differ. */
export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Column types for raw `create table` SQL: SQLite's names on SQLite, their equals (above) on PostgreSQL. */
export function rawTypes(db: Kysely<any>): { integer: RawBuilder<unknown>; real: RawBuilder<unknown> } {
  const pg = engineOf(db) === 'postgres';
  return { integer: sql.raw(pg ? 'bigint' : 'integer'), real: sql.raw(pg ? 'double precision' : 'real') };
}

/** SQLite keeps such a table's rows in primary-key order; PostgreSQL's primary-key index serves the same range scans. */
export const withoutRowid = (db: Kysely<any>) => sql.raw(engineOf(db) === 'sqlite' ? ' without rowid' : '');

const POSTGRES_TYPES: Record<string, string> = { integer: 'bigint', real: 'double precision', blob: 'bytea' };

class PostgresColumnTypes extends OperationNodeTransformer {
  protected override transformColumnDefinition(node: ColumnDefinitionNode): ColumnDefinitionNode {
    const column = super.transformColumnDefinition(node);
    if (!DataTypeNode.is(column.dataType)) return column;
    if (column.autoIncrement && column.dataType.dataType === 'integer') {
      return Object.freeze({ ...column, autoIncrement: false, dataType: DataTypeNode.create('bigserial') });
    }
    const mapped = POSTGRES_TYPES[column.dataType.dataType];
    return mapped ? Object.freeze({ ...column, dataType: DataTypeNode.create(mapped as 'bigint') }) : column;
  }
}

/** Applied by the migrator on PostgreSQL only: SQLite's column types onto their PostgreSQL equals (see above). */
export class PortableSchemaPlugin implements KyselyPlugin {
  readonly #transformer = new PostgresColumnTypes();
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    return node.kind === 'CreateTableNode' || node.kind === 'AlterTableNode' ? this.#transformer.transformNode(node) : node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}
