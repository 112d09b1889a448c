import { ApiError } from '../http/api-error.ts';

/**
 * Supabase Storage's error body: `statusCode` (a string), `error` (a short code) and `message`; storage-js
 * turns it into a StorageApiError with that message and status.
 */
export function storageError(status: number, error: string, message: string): ApiError {
  return new ApiError(status, { statusCode: String(status), error, message });
}

export const objectNotFound = () => storageError(404, 'not_found', 'Object not found');
export const bucketNotFound = () => storageError(404, 'Bucket not found', 'Bucket not found');
export const invalidKey = (detail: string) => storageError(400, 'InvalidKey', `Invalid key: ${detail}`);
export const rlsDenied = () =>
  storageError(403, 'Unauthorized', 'new row violates row-level security policy');
export const badRequest = (message: string) => storageError(400, 'InvalidRequest', message);
