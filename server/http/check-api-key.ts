import { verifyJwt } from '../auth/jwt.ts';
import type { BackendContext } from '../backend-context.ts';
import { ApiError } from './api-error.ts';
import type { ApiRequest } from './api-request.ts';
import { headerValue } from './api-request.ts';

/**
 * The gateway check hosted Supabase (Kong) makes: an `apikey` header or query parameter holding a key signed
 * with this server's secret for the anon or service_role role. Errors use Kong's `{message, hint}` shape.
 */
export async function checkApiKey(ctx: BackendContext, request: ApiRequest): Promise<void> {
  const key = headerValue(request.headers, 'apikey') ?? request.url.searchParams.get('apikey') ?? undefined;
  if (!key) {
    throw new ApiError(401, {
      code: 'no_api_key',
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
  }
  if (key === ctx.anonKey || key === ctx.serviceRoleKey) return;
  const verified = await verifyJwt(key, ctx.config.jwtSecret);
  const role = verified.ok ? verified.claims['role'] : undefined;
  if (role !== 'anon' && role !== 'service_role') {
    throw new ApiError(401, {
      code: 'invalid_api_key',
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    });
  }
}
