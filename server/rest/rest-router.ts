import type { BackendContext } from '../backend-context.ts';
import { isPgError } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { jsonResponse } from '../http/api-request.ts';
import { parsePrefer } from './prefer.ts';
import { readRows } from './read-rows.ts';
import { requestRole } from './request-role.ts';
import { isDatabaseUnreachable } from '../db/is-database-unreachable.ts';
import { databaseUnavailable, mapPgError, restError } from './rest-error.ts';
import { checkProfile } from './rest-shared.ts';
import { callFunction } from './rpc.ts';
import { RollbackWith, runAsRole } from './run-as-role.ts';
import { deleteRows, insertRows, updateRows } from './write-rows.ts';

const IDENTIFIER = /^[^\s/]{1,63}$/;

/** The path's segments, decoded; undefined when one is not valid percent-encoding (`%ZZ`). */
function pathSegments(path: string): string[] | undefined {
  try {
    return path
      .split('/')
      .filter((segment) => segment !== '')
      .map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

/** /rest/v1/<table> and /rest/v1/rpc/<function>: the PostgREST surface supabase-js uses. */
export async function routeRest(ctx: BackendContext, request: ApiRequest): Promise<ApiResponse> {
  let authenticated = false;
  try {
    const segments = pathSegments(request.path);
    if (!segments || segments.length === 0)
      throw restError(404, 'PGRST125', 'Invalid path specified in request URL');
    checkProfile(request);
    const role = await requestRole(ctx, request);
    authenticated = role.authenticated;
    const prefer = parsePrefer(request.headers);
    const readOnly = request.method === 'GET' || request.method === 'HEAD';

    if (segments[0] === 'rpc' && segments.length === 2) {
      const name = segments[1] ?? '';
      if (!['GET', 'HEAD', 'POST'].includes(request.method))
        throw restError(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`);
      const overloads = IDENTIFIER.test(name) ? await ctx.schemaCache.functionOverloads(name) : [];
      if (overloads.length === 0) {
        throw restError(
          404,
          'PGRST202',
          `Could not find the function public.${name.slice(0, 63)} without parameters in the schema cache`,
        );
      }
      return await runAsRole(ctx, request, role, readOnly, (tx) =>
        callFunction(tx, request, name, overloads),
      );
    }
    if (segments.length !== 1) throw restError(404, 'PGRST125', 'Invalid path specified in request URL');
    const name = segments[0] ?? '';
    const table = IDENTIFIER.test(name) ? await ctx.schemaCache.table(name) : undefined;
    if (!table)
      throw restError(
        404,
        'PGRST205',
        `Could not find the table 'public.${name.slice(0, 63)}' in the schema cache`,
      );

    return await runAsRole(ctx, request, role, readOnly, async (tx) => {
      let response: ApiResponse;
      switch (request.method) {
        case 'GET':
        case 'HEAD':
          response = await readRows(tx, request, table, prefer);
          break;
        case 'POST':
          response = await insertRows(tx, request, table, prefer);
          break;
        case 'PATCH':
          response = await updateRows(tx, request, table, prefer);
          break;
        case 'DELETE':
          response = await deleteRows(tx, request, table, prefer);
          break;
        default:
          throw restError(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`);
      }
      if (prefer.tx === 'rollback') throw new RollbackWith(response);
      return response;
    });
  } catch (error) {
    if (error instanceof ApiError) return jsonResponse(error.status, error.body, error.headers);
    if (isPgError(error)) {
      const mapped = mapPgError(error, authenticated);
      return jsonResponse(mapped.status, mapped.body, mapped.headers);
    }
    if (isDatabaseUnreachable(error)) {
      const unavailable = databaseUnavailable();
      return jsonResponse(unavailable.status, unavailable.body, unavailable.headers);
    }
    throw error;
  }
}
