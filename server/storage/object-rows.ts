import type { Queryable } from '../db/database.ts';
import { isPgError } from '../db/database.ts';
import type { RequestRole } from '../rest/request-role.ts';
import { rlsDenied, storageError } from './storage-error.ts';
import { ownerOf } from './storage-role.ts';

export interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

/** Reads a bucket as the database owner: whether a request may use it is decided on storage.objects. */
export async function findBucket(db: Queryable, id: string): Promise<BucketRow | undefined> {
  const result = await db.query<{ row: string }>(
    `select json_build_object('id', id, 'public', public, 'file_size_limit', file_size_limit,
       'allowed_mime_types', allowed_mime_types)::text as row from storage.buckets where id = $1`,
    [id],
  );
  const text = result.rows[0]?.row;
  return text === undefined ? undefined : (JSON.parse(text) as BucketRow);
}

/** Refuses bytes the bucket does not take: over its size limit (or the server's) or of a type it does not allow. */
export function checkBucketAccepts(
  bucket: BucketRow,
  size: number,
  mimeType: string,
  serverLimit: number,
): void {
  const limit = Math.min(bucket.file_size_limit ?? serverLimit, serverLimit);
  if (size > limit)
    throw storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
  const allowed = bucket.allowed_mime_types;
  if (allowed && allowed.length > 0) {
    const base = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
    const ok = allowed.some((pattern) => {
      const p = pattern.toLowerCase();
      return p.endsWith('/*') ? base.startsWith(p.slice(0, -1)) : p === base || p === mimeType.toLowerCase();
    });
    if (!ok)
      throw storageError(415, 'invalid_mime_type', `mime type ${mimeType.slice(0, 100)} is not supported`);
  }
}

export interface ObjectMetadata {
  size: number;
  mimetype: string;
  cacheControl: string;
  eTag: string;
}

/**
 * Inserts (or, with upsert, replaces) the object's row inside a transaction that already runs as the
 * request's role, so the project's RLS policies on storage.objects decide. Returns the row's id.
 */
export async function writeObjectRow(
  tx: Queryable,
  role: RequestRole,
  bucketId: string,
  name: string,
  metadata: ObjectMetadata,
  upsert: boolean,
): Promise<string> {
  const now = new Date().toISOString();
  const meta = JSON.stringify({
    ...metadata,
    lastModified: now,
    contentLength: metadata.size,
    httpStatusCode: 200,
  });
  const conflict = upsert
    ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
         metadata = excluded.metadata, updated_at = now(), last_accessed_at = now()`
    : '';
  try {
    const result = await tx.query<{ id: string }>(
      `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
       values ($1, $2, $3::uuid, $3, $4::jsonb) ${conflict} returning id::text as id`,
      [bucketId, name, ownerOf(role), meta],
    );
    const id = result.rows[0]?.id;
    if (!id) throw rlsDenied();
    return id;
  } catch (error) {
    if (isPgError(error) && error.code === '23505')
      throw storageError(409, 'Duplicate', 'The resource already exists');
    if (isPgError(error) && error.code === '42501') throw rlsDenied();
    if (isPgError(error) && error.code === '23503')
      throw storageError(404, 'Bucket not found', 'Bucket not found');
    throw error;
  }
}

export interface VisibleObject {
  id: string;
  mimetype: string;
  cacheControl: string;
  eTag: string;
}

/** The object as the request's role may see it (RLS select), or undefined. */
export async function selectObject(
  tx: Queryable,
  bucketId: string,
  name: string,
): Promise<VisibleObject | undefined> {
  const result = await tx.query<{
    id: string;
    mimetype: string | null;
    cache: string | null;
    etag: string | null;
  }>(
    `select id::text as id, metadata->>'mimetype' as mimetype, metadata->>'cacheControl' as cache,
            metadata->>'eTag' as etag
       from storage.objects where bucket_id = $1 and name = $2`,
    [bucketId, name],
  );
  const row = result.rows[0];
  return row
    ? {
        id: row.id,
        mimetype: row.mimetype ?? 'application/octet-stream',
        cacheControl: row.cache ?? 'max-age=3600',
        eTag: row.etag ?? '',
      }
    : undefined;
}
