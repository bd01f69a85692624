/** Shared pieces of every paged, searchable list (SPEC.md §7 list calls). */
import { type Expression, type SqlBool, sql } from 'kysely';
import { type ListQuery, totalNumberOfPages } from '@/domain/paging';

/** Case-insensitive "contains" on a text column, with LIKE's wildcards taken literally. */
export function contains(column: Expression<string | null>, query: string): Expression<SqlBool> {
  const escaped = query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<SqlBool>`lower(${column}) like ${`%${escaped}%`} escape '\\'`;
}

export const pageWindow = ({ pageNumber, pageSize }: ListQuery) => ({ limit: pageSize, offset: pageNumber * pageSize });

export const pageCount = (total: number | bigint | string, { pageSize }: ListQuery) => totalNumberOfPages(Number(total), pageSize);
