import { ApiError } from '../http/api-error.ts';

/** GoTrue's API version header; supabase-js reads `code` from the body only when it is present (§1.3). */
export const API_VERSION_HEADERS = { 'X-Supabase-Api-Version': '2024-01-01' } as const;

/**
 * A GoTrue error: `{code, message}` plus the legacy `error_code`/`msg` names, so the code survives even where a
 * browser cannot read the version header.
 */
export function authError(
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): ApiError {
  return new ApiError(
    status,
    { code, message, error_code: code, msg: message, ...extra },
    { ...API_VERSION_HEADERS, 'x-sb-error-code': code },
  );
}

export const invalidCredentials = () => authError(400, 'invalid_credentials', 'Invalid login credentials');
export const validationFailed = (message: string) => authError(400, 'validation_failed', message);
