import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's start parameters without `-F` (fsync off), and with WAL flushed by fsync: Emscripten turns
 * fdatasync, Postgres's default on Linux, into a call that does nothing.
 */
export const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((parameter) => parameter !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];
