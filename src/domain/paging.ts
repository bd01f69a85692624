/**
 * Paging for every list: `pageNumber` 0-based, `pageSize` 20 by default and at most
 * 100, `query` matched case-insensitively. Numbers may arrive as strings (REST query strings).
 */
import * as v from 'valibot';

export const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

const wholeNumber = (message: string) => v.union([v.number(message), v.pipe(v.string(message), v.regex(/^\d{1,9}$/, message), v.transform(Number))], message);

export const listQuerySchema = v.object({
  pageNumber: v.optional(v.pipe(wholeNumber('Het paginanummer moet een geheel getal zijn.'), v.integer(), v.minValue(0, 'Het paginanummer is minstens 0.')), 0),
  pageSize: v.optional(
    v.pipe(
      wholeNumber('De paginagrootte moet een geheel getal zijn.'),
      v.integer(),
      v.minValue(1, 'De paginagrootte is minstens 1.'),
      v.maxValue(MAX_PAGE_SIZE, `De paginagrootte is hoogstens ${MAX_PAGE_SIZE}.`),
    ),
    DEFAULT_PAGE_SIZE,
  ),
  query: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'De zoekterm is te lang.'))),
});
export type ListQuery = v.InferOutput<typeof listQuerySchema>;

/** The alarm area's lists name the same paging `page` and `size`. */
export const pageSizeFields = {
  page: listQuerySchema.entries.pageNumber,
  size: listQuerySchema.entries.pageSize,
  query: listQuerySchema.entries.query,
};
/** `{page, size, query}` as the listing helpers take it. */
export const toListQuery = (q: { page: number; size: number; query?: string }): ListQuery => ({ pageNumber: q.page, pageSize: q.size, query: q.query });

/** 0 when there is nothing to show, else at least 1. */
export const totalNumberOfPages = (total: number, pageSize: number) => Math.ceil(total / pageSize);

/** The answer of a list: `{<key>: items[], totalNumberOfPages}`. */
export const pageSchema = <K extends string, S extends v.GenericSchema>(key: K, item: S) =>
  v.object({ [key]: v.array(item), totalNumberOfPages: v.number() } as { [P in K]: v.ArraySchema<S, undefined> } & {
    totalNumberOfPages: v.NumberSchema<undefined>;
  });
