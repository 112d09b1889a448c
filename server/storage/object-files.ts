import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Object bytes on disk, named by the object row's uuid (never by its key, so no key can reach outside the
 * directory), and resumable uploads in progress by their upload id. Writes go to a temporary name and are
 * renamed into place, so a reader never sees half an object.
 */
export class ObjectFiles {
  readonly #root: string;

  constructor(root: string) {
    this.#root = root;
  }

  #object(id: string): string {
    return join(this.#root, 'objects', id);
  }

  #upload(id: string): string {
    return join(this.#root, 'uploads', id);
  }

  async write(id: string, bytes: Buffer): Promise<void> {
    await mkdir(join(this.#root, 'objects'), { recursive: true });
    const temporary = `${this.#object(id)}.${randomUUID()}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, this.#object(id));
  }

  /** The object's bytes, or undefined when the file is gone. */
  async read(id: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.#object(id));
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(id: string): Promise<void> {
    await rm(this.#object(id), { force: true });
  }

  async createUpload(id: string): Promise<void> {
    await mkdir(join(this.#root, 'uploads'), { recursive: true });
    await writeFile(this.#upload(id), Buffer.alloc(0));
  }

  /** Writes `bytes` at `offset` and cuts anything after them (a retried chunk replaces a partial one). */
  async writeUploadAt(id: string, offset: number, bytes: Buffer): Promise<void> {
    const handle = await open(this.#upload(id), 'r+');
    try {
      await handle.write(bytes, 0, bytes.length, offset);
      await handle.truncate(offset + bytes.length);
    } finally {
      await handle.close();
    }
  }

  /** Moves a finished upload into place as object `objectId`. */
  async completeUpload(uploadId: string, objectId: string): Promise<void> {
    await mkdir(join(this.#root, 'objects'), { recursive: true });
    await rename(this.#upload(uploadId), this.#object(objectId));
  }

  async removeUpload(id: string): Promise<void> {
    await rm(this.#upload(id), { force: true });
  }
}
