import type { BackendContext } from '../backend-context.ts';
import { ApiError } from '../http/api-error.ts';
import type { ApiRequest } from '../http/api-request.ts';
import { requestRole } from '../rest/request-role.ts';
import type { RequestRole } from '../rest/request-role.ts';
import { storageError } from './storage-error.ts';

/** The request's role and claims as the Data API reads them, with JWT failures in Storage's error shape. */
export async function storageRole(ctx: BackendContext, request: ApiRequest): Promise<RequestRole> {
  try {
    return await requestRole(ctx, request);
  } catch (error) {
    if (error instanceof ApiError) {
      const message = typeof error.body['message'] === 'string' ? error.body['message'] : 'invalid JWT';
      throw storageError(403, 'Unauthorized', message);
    }
    throw error;
  }
}

/** The JWT subject when it is a uuid (the owner Supabase records), else null. */
export function ownerOf(role: RequestRole): string | null {
  const sub = role.claims.sub;
  return typeof sub === 'string' && /^[0-9a-f-]{36}$/i.test(sub) ? sub : null;
}
