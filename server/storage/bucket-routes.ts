import type { BackendContext } from '../backend-context.ts';
import { isPgError } from '../db/database.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { jsonResponse } from '../http/api-request.ts';
import { runAsRole } from '../rest/run-as-role.ts';
import { badRequest, bucketNotFound, rlsDenied, storageError } from './storage-error.ts';
import { bucketName } from './storage-path.ts';
import { storageRole } from './storage-role.ts';

const BUCKET_JSON = `json_build_object('id', id, 'name', name, 'owner', coalesce(owner::text, ''), 'public', public,
  'file_size_limit', file_size_limit, 'allowed_mime_types', allowed_mime_types,
  'created_at', created_at, 'updated_at', updated_at)`;

/** '10MB', '512kb', 1048576 → bytes, as storage-js accepts fileSizeLimit. */
function sizeLimit(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  if (typeof value === 'string') {
    const match = /^(\d+)\s*(b|kb|mb|gb)?$/i.exec(value.trim());
    if (match) {
      const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(match[2] ?? 'b').toLowerCase() as 'b'];
      return Number(match[1]) * unit;
    }
  }
  throw badRequest('file_size_limit must be a positive number of bytes or a size like "10MB"');
}

function parseObject(body: Buffer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body.toString('utf8') || '{}');
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw badRequest('The body must be a JSON object');
}

function mapPgError(error: unknown): never {
  if (isPgError(error) && error.code === '42501') throw rlsDenied();
  if (isPgError(error) && error.code === '23505')
    throw storageError(409, 'Duplicate', 'The resource already exists');
  throw error;
}

/** /bucket routes. Buckets have RLS without policies, so in practice only the service role manages them. */
export async function routeBuckets(
  ctx: BackendContext,
  request: ApiRequest,
  segments: readonly string[],
): Promise<ApiResponse> {
  const role = await storageRole(ctx, request);
  const id = segments[0] === undefined ? undefined : bucketName(segments[0]);
  if (id === undefined && request.method === 'GET') {
    const rows = await runAsRole(ctx, request, role, true, (tx) =>
      tx.query<{ json: string }>(`select ${BUCKET_JSON}::text as json from storage.buckets order by name`),
    );
    return jsonResponse(
      200,
      rows.rows.map((row) => JSON.parse(row.json) as unknown),
    );
  }
  if (id === undefined && request.method === 'POST') {
    const body = parseObject(request.body);
    const name = bucketName(typeof body['name'] === 'string' ? body['name'] : undefined);
    const newId = typeof body['id'] === 'string' ? bucketName(body['id']) : name;
    const mimes = body['allowed_mime_types'];
    if (
      mimes !== undefined &&
      mimes !== null &&
      !(Array.isArray(mimes) && mimes.every((m) => typeof m === 'string'))
    )
      throw badRequest('allowed_mime_types must be an array of strings');
    await runAsRole(ctx, request, role, false, (tx) =>
      tx.query(
        `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3::boolean, $4::bigint, (select array_agg(value) from jsonb_array_elements_text($5::jsonb)))`,
        [
          newId,
          name,
          body['public'] === true,
          sizeLimit(body['file_size_limit']),
          JSON.stringify(mimes ?? []),
        ],
      ),
    ).catch(mapPgError);
    return jsonResponse(200, { name });
  }
  if (id !== undefined && segments.length === 1 && request.method === 'GET') {
    const rows = await runAsRole(ctx, request, role, true, (tx) =>
      tx.query<{ json: string }>(`select ${BUCKET_JSON}::text as json from storage.buckets where id = $1`, [
        id,
      ]),
    );
    const row = rows.rows[0];
    if (!row) throw bucketNotFound();
    return jsonResponse(200, JSON.parse(row.json) as unknown);
  }
  if (id !== undefined && segments.length === 1 && request.method === 'DELETE') {
    const deleted = await runAsRole(ctx, request, role, false, async (tx) => {
      const used = await tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
      if (used.rowCount > 0)
        throw storageError(409, 'InvalidRequest', 'The bucket you tried to delete is not empty');
      return tx.query('delete from storage.buckets where id = $1', [id]);
    }).catch(mapPgError);
    if (deleted.rowCount === 0) throw bucketNotFound();
    return jsonResponse(200, { message: 'Successfully deleted' });
  }
  throw storageError(404, 'not_found', `No route for ${request.method} /bucket`);
}
