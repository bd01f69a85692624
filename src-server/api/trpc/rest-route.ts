/**
 * The REST route a procedure carries in its meta: the one place where a path, its method and its
 * status are written. `http/rest-adapter.ts` serves these routes and documents them in OpenAPI.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Error statuses a procedure's own code can answer, which its tier and input cannot reveal to the OpenAPI document. */
type DeclaredError = 401 | 403 | 404 | 409 | 429 | 502;

export interface RestRoute {
  method: HttpMethod;
  /** OpenAPI-style path, e.g. `/api/organization/{id}`. */
  path: string;
  summary: string;
  /** 200 unless given; 204 answers without a body. */
  status: 200 | 201 | 202 | 204;
  /** Path parameter → input key, where the names differ (`{id}` → `organizationId`). */
  params: Record<string, string>;
  /** Callable without a token. */
  public: boolean;
  /** The body is `multipart/form-data` (uploads); otherwise JSON. */
  multipart: boolean;
  /** Beyond what the tier and input imply (`http/openapi-responses.ts`): a conflict, the HUB failing, a rate limit. */
  errors: DeclaredError[];
  /**
   * A download streamed from the procedure's chunks (an async iterable), not JSON: text chunks as
   * CSV, byte chunks as a file named by the input's `filenameFrom` key (checked by the procedure).
   */
  produces?: { type: 'text/csv'; filename: string } | { type: 'application/octet-stream'; filenameFrom: string };
}

export interface ProcedureMeta {
  rest?: RestRoute;
}

/** `rest('GET /api/organization/{id}', 'One organization', { params: { id: 'organizationId' } })` */
export function rest(
  route: `${HttpMethod} /${string}`,
  summary: string,
  options: Partial<Pick<RestRoute, 'status' | 'params' | 'public' | 'multipart' | 'errors' | 'produces'>> = {},
): ProcedureMeta {
  const [method, path] = route.split(' ') as [HttpMethod, string];
  return {
    rest: {
      method,
      path,
      summary,
      status: options.status ?? 200,
      params: options.params ?? {},
      public: options.public ?? false,
      multipart: options.multipart ?? false,
      errors: options.errors ?? [],
      ...(options.produces ? { produces: options.produces } : {}),
    },
  };
}
