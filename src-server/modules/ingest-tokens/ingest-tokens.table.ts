import type { Generated } from 'kysely';

/** A dashboard's ingest token: only the SHA-256 of the token is stored. */
export interface IngestTokenTable {
  id: Generated<number>;
  dashboardId: number;
  name: string;
  /** Hex SHA-256 of the whole token (`ebi_…`), looked up by the hooks. */
  tokenHash: string;
  createdBy: number | null;
  createdAt: number;
  lastUsedAt: number | null;
}

declare module '../../platform/db/schema' {
  interface Database {
    ingestToken: IngestTokenTable;
  }
}
