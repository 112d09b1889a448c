import type { BackendContext } from '../backend-context.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { authError } from './auth-error.ts';
import { requireUser } from './require-user.ts';

/** POST /logout?scope=global|local|others (GoTrue logout.go); 204 with no body. */
export async function logout(ctx: BackendContext, request: ApiRequest): Promise<ApiResponse> {
  const scope = request.url.searchParams.get('scope') ?? 'global';
  if (scope !== 'global' && scope !== 'local' && scope !== 'others')
    throw authError(400, 'validation_failed', `Unsupported logout scope "${scope.slice(0, 40)}"`);
  await ctx.db.transaction(async (tx) => {
    const { user, sessionId } = await requireUser(ctx, request, tx);
    if (scope === 'global' || sessionId === undefined) {
      if (scope !== 'others') await tx.query('delete from auth.sessions where user_id = $1::uuid', [user.id]);
    } else if (scope === 'local') {
      await tx.query('delete from auth.sessions where id = $1::uuid', [sessionId]);
    } else {
      await tx.query('delete from auth.sessions where user_id = $1::uuid and id <> $2::uuid', [
        user.id,
        sessionId,
      ]);
    }
  });
  return { status: 204 };
}
