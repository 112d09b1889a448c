import { randomUUID } from 'node:crypto';

import type { BackendContext } from '../backend-context.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { headerValue } from '../http/api-request.ts';
import type { RequestRole } from '../rest/request-role.ts';
import { RollbackWith, runAsRole } from '../rest/run-as-role.ts';
import type { ObjectFiles } from './object-files.ts';
import { checkBucketAccepts, findBucket, writeObjectRow } from './object-rows.ts';
import { badRequest, bucketNotFound, storageError } from './storage-error.ts';
import { bucketName, objectKey } from './storage-path.ts';
import { ownerOf, storageRole } from './storage-role.ts';

const TUS = { 'Tus-Resumable': '1.0.0' };

interface UploadRow {
  id: string;
  bucket_id: string;
  name: string;
  role: string;
  owner: string | null;
  content_type: string;
  upload_length: string;
  upload_offset: string;
  upsert: boolean;
}

/** `key base64,key base64` (TUS creation extension). */
function parseMetadata(header: string | undefined): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const part of (header ?? '').split(',')) {
    const [key, value] = part.trim().split(' ');
    if (!key) continue;
    pairs.set(key, value === undefined ? '' : Buffer.from(value, 'base64').toString('utf8'));
  }
  return pairs;
}

function nonNegativeInteger(value: string | undefined, header: string): number {
  if (value === undefined || !/^\d{1,15}$/.test(value))
    throw badRequest(`${header} must be a non-negative integer`);
  return Number(value);
}

/** A dummy metadata row, inserted and rolled back, asks RLS the question the final insert will ask. */
async function assertMayWrite(
  ctx: BackendContext,
  request: ApiRequest,
  role: RequestRole,
  bucketId: string,
  name: string,
  upsert: boolean,
): Promise<void> {
  await runAsRole(ctx, request, role, false, async (tx) => {
    await writeObjectRow(
      tx,
      role,
      bucketId,
      name,
      { size: 0, mimetype: '', cacheControl: '', eTag: '' },
      upsert,
    );
    throw new RollbackWith(undefined);
  });
}

async function create(ctx: BackendContext, files: ObjectFiles, request: ApiRequest): Promise<ApiResponse> {
  const role = await storageRole(ctx, request);
  if (headerValue(request.headers, 'upload-defer-length') !== undefined)
    throw badRequest('Upload-Defer-Length is not supported; send Upload-Length');
  const length = nonNegativeInteger(headerValue(request.headers, 'upload-length'), 'Upload-Length');
  const metadata = parseMetadata(headerValue(request.headers, 'upload-metadata'));
  const bucketId = bucketName(metadata.get('bucketName'));
  const name = objectKey((metadata.get('objectName') ?? '').split('/'));
  const contentType = metadata.get('contentType') || 'application/octet-stream';
  const bucket = await findBucket(ctx.db, bucketId);
  if (!bucket) throw bucketNotFound();
  checkBucketAccepts(bucket, length, contentType, ctx.config.storageMaxUploadBytes);
  const upsert = headerValue(request.headers, 'x-upsert') === 'true';
  await assertMayWrite(ctx, request, role, bucketId, name, upsert);
  const id = randomUUID();
  await files.createUpload(id);
  await ctx.db.query(
    `insert into local_dev.storage_uploads (id, bucket_id, name, role, owner, content_type, upload_length, upsert)
     values ($1, $2, $3, $4, $5::uuid, $6, $7::bigint, $8::boolean)`,
    [id, bucketId, name, role.role, ownerOf(role), contentType, length, upsert],
  );
  // Relative to the creation URL, so a proxy's path prefix survives; tus-js-client resolves it.
  const location = `${request.url.pathname.replace(/\/+$/, '')}/${id}`;
  if (length === 0) await finish(ctx, files, request, role, await loadUpload(ctx, id, role));
  return { status: 201, headers: { ...TUS, Location: location, 'Upload-Offset': '0' } };
}

/** The upload, only for the role and user that created it (anyone else learns nothing: 404). */
async function loadUpload(ctx: BackendContext, id: string, role: RequestRole): Promise<UploadRow> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw storageError(404, 'not_found', 'Upload not found');
  const result = await ctx.db.query<UploadRow>(
    `select id, bucket_id, name, role, owner::text as owner, content_type, upload_length::text as upload_length,
            upload_offset::text as upload_offset, upsert from local_dev.storage_uploads where id = $1`,
    [id],
  );
  const row = result.rows[0];
  if (!row || row.role !== role.role || row.owner !== ownerOf(role))
    throw storageError(404, 'not_found', 'Upload not found');
  return row;
}

async function finish(
  ctx: BackendContext,
  files: ObjectFiles,
  request: ApiRequest,
  role: RequestRole,
  upload: UploadRow,
): Promise<void> {
  await runAsRole(ctx, request, role, false, async (tx) => {
    const objectId = await writeObjectRow(
      tx,
      role,
      upload.bucket_id,
      upload.name,
      {
        size: Number(upload.upload_length),
        mimetype: upload.content_type,
        cacheControl: 'max-age=3600',
        eTag: `"${upload.id}"`,
      },
      upload.upsert,
    );
    await files.completeUpload(upload.id, objectId);
  });
  await ctx.db.query('delete from local_dev.storage_uploads where id = $1', [upload.id]);
}

async function patch(
  ctx: BackendContext,
  files: ObjectFiles,
  request: ApiRequest,
  id: string,
): Promise<ApiResponse> {
  const role = await storageRole(ctx, request);
  if (headerValue(request.headers, 'content-type') !== 'application/offset+octet-stream')
    throw storageError(415, 'InvalidRequest', 'Content-Type must be application/offset+octet-stream');
  const offset = nonNegativeInteger(headerValue(request.headers, 'upload-offset'), 'Upload-Offset');
  const upload = await loadUpload(ctx, id, role);
  const current = Number(upload.upload_offset);
  const length = Number(upload.upload_length);
  if (offset !== current)
    throw storageError(
      409,
      'InvalidRequest',
      `Upload-Offset ${offset} does not match the upload's offset ${current}`,
    );
  const next = offset + request.body.length;
  if (next > length) throw storageError(413, 'Payload too large', 'The chunk goes past Upload-Length');
  await files.writeUploadAt(id, offset, request.body);
  // Only this offset's writer moves it on: a concurrent PATCH from the same offset finds 0 rows.
  const moved = await ctx.db.query(
    'update local_dev.storage_uploads set upload_offset = $2::bigint where id = $1 and upload_offset = $3::bigint',
    [id, next, offset],
  );
  if (moved.rowCount === 0) throw storageError(409, 'InvalidRequest', 'The upload moved on concurrently');
  if (next === length) await finish(ctx, files, request, role, { ...upload, upload_offset: String(next) });
  return { status: 204, headers: { ...TUS, 'Upload-Offset': String(next) } };
}

async function head(ctx: BackendContext, request: ApiRequest, id: string): Promise<ApiResponse> {
  const role = await storageRole(ctx, request);
  const upload = await loadUpload(ctx, id, role);
  return {
    status: 200,
    headers: {
      ...TUS,
      'Upload-Offset': upload.upload_offset,
      'Upload-Length': upload.upload_length,
      'Cache-Control': 'no-store',
    },
  };
}

/** TUS 1.0.0 (core + creation + termination) at /upload/resumable, as Supabase serves it for tus-js-client. */
export async function routeResumable(
  ctx: BackendContext,
  files: ObjectFiles,
  request: ApiRequest,
  segments: readonly string[],
): Promise<ApiResponse> {
  const id = segments[0];
  if (id === undefined && request.method === 'POST') return create(ctx, files, request);
  if (id !== undefined && segments.length === 1) {
    if (request.method === 'HEAD' || request.method === 'GET') return head(ctx, request, id);
    if (request.method === 'PATCH') return patch(ctx, files, request, id);
    if (request.method === 'DELETE') {
      const upload = await loadUpload(ctx, id, await storageRole(ctx, request));
      await ctx.db.query('delete from local_dev.storage_uploads where id = $1', [upload.id]);
      await files.removeUpload(upload.id);
      return { status: 204, headers: TUS };
    }
  }
  throw storageError(404, 'not_found', `No route for ${request.method} /upload/resumable`);
}
