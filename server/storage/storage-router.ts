import type { BackendContext } from '../backend-context.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { routeBuckets } from './bucket-routes.ts';
import { ObjectFiles } from './object-files.ts';
import { downloadObject, listObjects, removeObjects, uploadObject } from './object-routes.ts';
import { routeResumable } from './resumable-routes.ts';
import { downloadSigned, signObjectUrl } from './signed-url-routes.ts';
import { storageError } from './storage-error.ts';
import { bucketName } from './storage-path.ts';

/** Paths under /storage/v1 anyone may fetch without an API key, as Supabase's gateway allows. */
export function isOpenStoragePath(method: string, path: string): boolean {
  return method === 'GET' && (path.startsWith('/object/public/') || path.startsWith('/object/sign/'));
}

/** Supabase Storage's HTTP API, the part storage-js and tus-js-client use (see docs/backend.md). */
export class StorageRouter {
  readonly #ctx: BackendContext;
  readonly #files: ObjectFiles;

  constructor(ctx: BackendContext) {
    this.#ctx = ctx;
    this.#files = new ObjectFiles(ctx.config.storageDir);
  }

  async route(request: ApiRequest): Promise<ApiResponse> {
    const ctx = this.#ctx;
    const files = this.#files;
    // Empty segments inside a key stay, so objectKey can refuse `a//b`.
    const [service, ...rest] = request.path.split('/').slice(1);
    const method = request.method;
    if (service === 'bucket')
      return routeBuckets(
        ctx,
        request,
        rest.filter((s) => s !== ''),
      );
    if (service === 'upload' && rest[0] === 'resumable')
      return routeResumable(
        ctx,
        files,
        request,
        rest.slice(1).filter((s) => s !== ''),
      );
    if (service === 'object') {
      const [first, second, ...tail] = rest;
      if ((first === 'authenticated' || first === 'public') && method === 'GET')
        return downloadObject(ctx, files, request, bucketName(second), tail, first === 'public');
      if (first === 'sign' && method === 'POST') return signObjectUrl(ctx, request, bucketName(second), tail);
      if (first === 'sign' && method === 'GET')
        return downloadSigned(ctx, files, request, bucketName(second), tail);
      if (first === 'list' && method === 'POST') return listObjects(ctx, request, bucketName(second));
      if (method === 'DELETE' && rest.length === 1)
        return removeObjects(ctx, files, request, bucketName(first));
      if (first !== undefined && second !== undefined) {
        if (method === 'POST' || method === 'PUT')
          return uploadObject(ctx, files, request, bucketName(first), [second, ...tail]);
        if (method === 'GET')
          return downloadObject(ctx, files, request, bucketName(first), [second, ...tail], false);
      }
    }
    throw storageError(404, 'not_found', `No route for ${method} ${request.path.slice(0, 200)}`);
  }
}
