/** Shared pieces of every paged, searchable list. */
import { type Expression, type SqlBool, sql } from 'kysely';
import { type ListQuery, totalNumberOfPages } from '@/domain/paging';

const likePattern = (query: string) => `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Case-insensitive "contains" on a text column, with LIKE's wildcards taken literally. */
export function contains(column: Expression<string | null>, query: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${likePattern(query)} escape '\\'`;
}

/** `contains` on a column stored in lower case (a search text): no `lower()` per row on a scan of many. */
export function containsInLowerCase(column: Expression<string | null>, query: string): Expression<SqlBool> {
  return sql<SqlBool>`${column} like ${likePattern(query)} escape '\\'`;
}

export const pageWindow = ({ pageNumber, pageSize }: ListQuery) => ({ limit: pageSize, offset: pageNumber * pageSize });

export const pageCount = (total: number | bigint | string, { pageSize }: ListQuery) => totalNumberOfPages(Number(total), pageSize);
