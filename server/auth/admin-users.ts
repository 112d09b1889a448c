import type { BackendContext } from '../backend-context.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { jsonResponse } from '../http/api-request.ts';
import { authError } from './auth-error.ts';
import { verifyJwt } from './jwt.ts';
import { bearerToken } from './require-user.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * DELETE /admin/users/:id — the one call of GoTrue's admin API Murmur needs (the delete-account Edge
 * Function). Only a service_role bearer may use it, as in GoTrue. The user's identities, sessions,
 * factors and every app row with an `on delete cascade` key on auth.users go with them.
 */
export async function adminDeleteUser(
  ctx: BackendContext,
  request: ApiRequest,
  userId: string,
): Promise<ApiResponse> {
  const token = bearerToken(request);
  const verified = token ? await verifyJwt(token, ctx.config.jwtSecret) : undefined;
  if (!verified?.ok || verified.claims['role'] !== 'service_role')
    throw authError(403, 'not_admin', 'User not allowed');
  if (!UUID.test(userId)) throw authError(404, 'user_not_found', 'User not found');
  const { rows } = await ctx.db.query('delete from auth.users where id = $1::uuid returning id::text', [
    userId,
  ]);
  if (rows.length === 0) throw authError(404, 'user_not_found', 'User not found');
  return jsonResponse(200, {});
}
