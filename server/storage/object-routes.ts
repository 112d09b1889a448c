import { createHash } from 'node:crypto';

import type { BackendContext } from '../backend-context.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { headerValue, jsonResponse } from '../http/api-request.ts';
import { runAsRole } from '../rest/run-as-role.ts';
import type { ObjectFiles } from './object-files.ts';
import { checkBucketAccepts, findBucket, selectObject, writeObjectRow } from './object-rows.ts';
import { badRequest, bucketNotFound, objectNotFound } from './storage-error.ts';
import { objectKey } from './storage-path.ts';
import { storageRole } from './storage-role.ts';

interface UploadBody {
  bytes: Buffer;
  mimeType: string;
  cacheControl: string;
}

/** storage-js sends a Blob as multipart form data (field '' holds the file) and anything else as raw bytes. */
async function uploadBody(request: ApiRequest): Promise<UploadBody> {
  const contentType = headerValue(request.headers, 'content-type') ?? 'application/octet-stream';
  if (contentType.toLowerCase().startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(request.body), {
        headers: { 'content-type': contentType },
      }).formData();
    } catch {
      throw badRequest('Malformed multipart body');
    }
    const file = [...form.values()].find((value): value is File => typeof value !== 'string');
    if (!file) throw badRequest('The multipart body has no file');
    const cache = form.get('cacheControl');
    return {
      bytes: Buffer.from(await file.arrayBuffer()),
      mimeType: file.type || 'application/octet-stream',
      cacheControl: `max-age=${typeof cache === 'string' && /^\d+$/.test(cache) ? cache : '3600'}`,
    };
  }
  return {
    bytes: request.body,
    mimeType: contentType,
    cacheControl: headerValue(request.headers, 'cache-control') ?? 'max-age=3600',
  };
}

export async function uploadObject(
  ctx: BackendContext,
  files: ObjectFiles,
  request: ApiRequest,
  bucketId: string,
  segments: readonly string[],
): Promise<ApiResponse> {
  const name = objectKey(segments);
  const role = await storageRole(ctx, request);
  const bucket = await findBucket(ctx.db, bucketId);
  if (!bucket) throw bucketNotFound();
  const body = await uploadBody(request);
  checkBucketAccepts(bucket, body.bytes.length, body.mimeType, ctx.config.storageMaxUploadBytes);
  // PUT is "update" in storage-js and always replaces; POST replaces only with x-upsert: true.
  const upsert = request.method === 'PUT' || headerValue(request.headers, 'x-upsert') === 'true';
  const id = await runAsRole(ctx, request, role, false, async (tx) => {
    const objectId = await writeObjectRow(
      tx,
      role,
      bucketId,
      name,
      {
        size: body.bytes.length,
        mimetype: body.mimeType,
        cacheControl: body.cacheControl,
        eTag: `"${createHash('md5').update(body.bytes).digest('hex')}"`,
      },
      upsert,
    );
    // Bytes land before the row commits: a failed commit leaves an unreferenced file, never a row without bytes.
    await files.write(objectId, body.bytes);
    return objectId;
  });
  return jsonResponse(200, { Id: id, Key: `${bucketId}/${name}` });
}

export async function downloadObject(
  ctx: BackendContext,
  files: ObjectFiles,
  request: ApiRequest,
  bucketId: string,
  segments: readonly string[],
  publicOnly: boolean,
): Promise<ApiResponse> {
  const name = objectKey(segments);
  const bucket = await findBucket(ctx.db, bucketId);
  if (!bucket) throw bucketNotFound();
  let found;
  if (publicOnly) {
    if (!bucket.public) throw objectNotFound();
    found = await selectObject(ctx.db, bucketId, name);
  } else {
    const role = await storageRole(ctx, request);
    found = await runAsRole(ctx, request, role, true, (tx) => selectObject(tx, bucketId, name));
  }
  if (!found) throw objectNotFound();
  const bytes = await files.read(found.id);
  if (!bytes) throw objectNotFound();
  return {
    status: 200,
    body: bytes,
    headers: {
      'Content-Type': found.mimetype,
      'Content-Length': String(bytes.length),
      'Cache-Control': found.cacheControl,
      ETag: found.eTag,
    },
  };
}

function parsePrefixes(body: Buffer): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw badRequest('The body must be JSON: {"prefixes": [...]}');
  }
  const prefixes = (parsed as { prefixes?: unknown } | null)?.prefixes;
  if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000)
    throw badRequest('prefixes must be an array of 1 to 1000 object names');
  if (!prefixes.every((p): p is string => typeof p === 'string' && p.length > 0 && p.length <= 1024))
    throw badRequest('every prefix must be a non-empty string');
  return prefixes;
}

/** Deletes what the role may delete (RLS) among the named objects; answers with the deleted ones. */
export async function removeObjects(
  ctx: BackendContext,
  files: ObjectFiles,
  request: ApiRequest,
  bucketId: string,
): Promise<ApiResponse> {
  const prefixes = parsePrefixes(request.body);
  const role = await storageRole(ctx, request);
  if (!(await findBucket(ctx.db, bucketId))) throw bucketNotFound();
  const deleted = await runAsRole(ctx, request, role, false, async (tx) => {
    const result = await tx.query<{ id: string; json: string }>(
      `with gone as (
         delete from storage.objects
          where bucket_id = $1 and name in (select jsonb_array_elements_text($2::jsonb))
          returning *)
       select id::text as id, json_build_object('name', name, 'bucket_id', bucket_id, 'owner', owner,
         'id', id, 'updated_at', updated_at, 'created_at', created_at, 'last_accessed_at', last_accessed_at,
         'metadata', metadata)::text as json from gone`,
      [bucketId, JSON.stringify(prefixes)],
    );
    return result.rows;
  });
  for (const row of deleted) await files.remove(row.id);
  return jsonResponse(
    200,
    deleted.map((row) => JSON.parse(row.json) as unknown),
  );
}

interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  search: string;
  order: 'asc' | 'desc';
}

function parseList(body: Buffer): ListOptions {
  let parsed: Record<string, unknown>;
  try {
    const value: unknown = JSON.parse(body.toString('utf8') || '{}');
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
    parsed = value as Record<string, unknown>;
  } catch {
    throw badRequest('The body must be a JSON object');
  }
  const number = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;
  const sortBy = parsed['sortBy'] as { order?: unknown } | undefined;
  return {
    prefix: typeof parsed['prefix'] === 'string' ? parsed['prefix'] : '',
    limit: Math.min(number(parsed['limit'], 100), 1000),
    offset: number(parsed['offset'], 0),
    search: typeof parsed['search'] === 'string' ? parsed['search'] : '',
    order: sortBy?.order === 'desc' ? 'desc' : 'asc',
  };
}

/** One folder level under `prefix`, as Supabase's storage.search answers: folders with null ids, then files. */
export async function listObjects(
  ctx: BackendContext,
  request: ApiRequest,
  bucketId: string,
): Promise<ApiResponse> {
  const options = parseList(request.body);
  const role = await storageRole(ctx, request);
  if (!(await findBucket(ctx.db, bucketId))) throw bucketNotFound();
  const folder =
    options.prefix === '' || options.prefix.endsWith('/') ? options.prefix : `${options.prefix}/`;
  const rows = await runAsRole(ctx, request, role, true, async (tx) => {
    const result = await tx.query<{ name: string; json: string }>(
      `select name, json_build_object('id', id, 'updated_at', updated_at, 'created_at', created_at,
         'last_accessed_at', last_accessed_at, 'metadata', metadata)::text as json
         from storage.objects where bucket_id = $1 and left(name, length($2)) = $2`,
      [bucketId, folder],
    );
    return result.rows;
  });
  const entries = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    const rest = row.name.slice(folder.length);
    const slash = rest.indexOf('/');
    const entry = slash === -1 ? rest : rest.slice(0, slash);
    if (options.search && !entry.toLowerCase().startsWith(options.search.toLowerCase())) continue;
    if (slash !== -1) {
      entries.set(
        entry,
        entries.get(entry) ?? {
          name: entry,
          id: null,
          updated_at: null,
          created_at: null,
          last_accessed_at: null,
          metadata: null,
        },
      );
    } else {
      entries.set(entry, { name: entry, ...(JSON.parse(row.json) as Record<string, unknown>) });
    }
  }
  const sorted = [...entries.values()].sort((a, b) => String(a['name']).localeCompare(String(b['name'])));
  if (options.order === 'desc') sorted.reverse();
  return jsonResponse(200, sorted.slice(options.offset, options.offset + options.limit));
}
