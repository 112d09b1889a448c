import { signJwt, verifyJwt } from '../auth/jwt.ts';
import type { BackendContext } from '../backend-context.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { jsonResponse } from '../http/api-request.ts';
import { runAsRole } from '../rest/run-as-role.ts';
import type { ObjectFiles } from './object-files.ts';
import { findBucket, selectObject } from './object-rows.ts';
import { badRequest, bucketNotFound, objectNotFound, storageError } from './storage-error.ts';
import { objectKey } from './storage-path.ts';
import { storageRole } from './storage-role.ts';

/**
 * createSignedUrl: whoever may read the object (RLS select) gets a token for `<bucket>/<key>` that lets
 * anyone download it until it expires, as Supabase signs it (HS256 with the project secret, claim `url`).
 */
export async function signObjectUrl(
  ctx: BackendContext,
  request: ApiRequest,
  bucketId: string,
  segments: readonly string[],
): Promise<ApiResponse> {
  const name = objectKey(segments);
  let expiresIn: unknown;
  try {
    expiresIn = (JSON.parse(request.body.toString('utf8')) as { expiresIn?: unknown } | null)?.expiresIn;
  } catch {
    throw badRequest('The body must be JSON: {"expiresIn": seconds}');
  }
  if (
    typeof expiresIn !== 'number' ||
    !Number.isInteger(expiresIn) ||
    expiresIn < 1 ||
    expiresIn > 31_536_000
  )
    throw badRequest('expiresIn must be a whole number of seconds between 1 and 31536000');
  const role = await storageRole(ctx, request);
  if (!(await findBucket(ctx.db, bucketId))) throw bucketNotFound();
  const found = await runAsRole(ctx, request, role, true, (tx) => selectObject(tx, bucketId, name));
  if (!found) throw objectNotFound();
  const now = Math.floor(Date.now() / 1000);
  const token = await signJwt(
    { url: `${bucketId}/${name}`, iat: now, exp: now + expiresIn },
    ctx.config.jwtSecret,
  );
  const path = [bucketId, ...name.split('/')].map(encodeURIComponent).join('/');
  return jsonResponse(200, { signedURL: `/object/sign/${path}?token=${token}` });
}

/** GET /object/sign/<bucket>/<key>?token=…: no API key or session, only a valid token for this object. */
export async function downloadSigned(
  ctx: BackendContext,
  files: ObjectFiles,
  request: ApiRequest,
  bucketId: string,
  segments: readonly string[],
): Promise<ApiResponse> {
  const name = objectKey(segments);
  const token = request.url.searchParams.get('token') ?? '';
  const verified = await verifyJwt(token, ctx.config.jwtSecret);
  if (!verified.ok || verified.claims['url'] !== `${bucketId}/${name}`)
    throw storageError(
      400,
      'InvalidSignature',
      verified.ok ? 'The signature does not match this object' : `Signature ${verified.reason}`,
    );
  const found = await selectObject(ctx.db, bucketId, name);
  const bytes = found ? await files.read(found.id) : undefined;
  if (!found || !bytes) throw objectNotFound();
  return {
    status: 200,
    body: bytes,
    headers: {
      'Content-Type': found.mimetype,
      'Content-Length': String(bytes.length),
      'Cache-Control': found.cacheControl,
    },
  };
}
