import { fsyncSync } from 'node:fs';

import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type NodeFsInit = Awaited<ReturnType<NodeFS['init']>>['emscriptenOpts'];

/** The part of Emscripten's NODEFS this file extends: its table of operations on open files. */
interface NodeFsStreams {
  readonly stream_ops: { fsync?: (stream: { nfd?: number }) => number };
}

/**
 * PGlite's NodeFS, with `fsync` reaching the disk. Emscripten's NODEFS has no fsync operation, so a
 * Postgres built for it could only run with `fsync=off`: a power loss or OS crash could then lose
 * acknowledged commits or leave the cluster corrupt. Adding the operation to NODEFS's stream table (the
 * extension point Emscripten file systems are built from) lets Postgres flush WAL at commit and data
 * files at checkpoint as it does on a real server. `fsync` is injectable so a test can see the calls.
 */
export class DurableNodeFS extends NodeFS {
  readonly #fsync: (fd: number) => void;

  constructor(dataDir: string, fsync: (fd: number) => void = fsyncSync) {
    super(dataDir);
    this.#fsync = fsync;
  }

  override async init(
    pg: PGlite,
    opts: Parameters<NodeFS['init']>[1],
  ): Promise<{ emscriptenOpts: NodeFsInit }> {
    const { emscriptenOpts } = await super.init(pg, opts);
    const flush = (stream: { nfd?: number }): number => {
      if (stream.nfd !== undefined) this.#fsync(stream.nfd);
      return 0;
    };
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [
          ...(emscriptenOpts.preRun ?? []),
          (mod) => {
            (mod.NODEFS as unknown as NodeFsStreams).stream_ops.fsync = flush;
          },
        ],
      },
    };
  }
}
