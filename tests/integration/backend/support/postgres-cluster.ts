import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where Debian/Ubuntu install PostgreSQL 15; PG_BIN overrides. */
const PG_BIN = process.env['PG_BIN'] ?? '/usr/lib/postgresql/15/bin';

export interface PostgresCluster {
  readonly url: string;
  /** Stops the server (fast shutdown) without removing the cluster; `resume` starts it again. */
  pause(): void;
  /**
   * The same without blocking this process, in either of pg_ctl's modes: `immediate` is a crash (no
   * checkpoint; the server recovers from WAL at the next start).
   */
  stopServer(mode: 'fast' | 'immediate'): Promise<void>;
  startServer(): Promise<void>;
  resume(): void;
  restart(): void;
  stop(): void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * A throwaway PostgreSQL 15 cluster in a temp directory on a free port, removed by `stop()`. initdb refuses
 * to run as root, so as root the cluster belongs to the `postgres` system user.
 */
export async function startPostgresCluster({
  superuser = 'postgres',
}: {
  /** The role initdb makes the superuser; hosted Supabase's is `supabase_admin`, its `postgres` is not one. */
  superuser?: string;
} = {}): Promise<PostgresCluster> {
  if (!existsSync(join(PG_BIN, 'initdb'))) {
    throw new Error(
      `PostgreSQL 15 server binaries not found in ${PG_BIN} (install postgresql-15 or set PG_BIN); the PostgreSQL variant cannot run.`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'murmur-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  // As root, each PostgreSQL binary runs as the postgres user.
  const invocation = (binary: string, args: string[]): [string, string[]] =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, binary), ...args]]
      : [join(PG_BIN, binary), args];
  const run = (binary: string, args: string[]) => {
    execFileSync(...invocation(binary, args), { stdio: 'pipe' });
  };
  const runAsync = async (binary: string, args: string[]) => {
    await promisify(execFile)(...invocation(binary, args));
  };
  const startArgs = () => [
    '-D',
    dataDir,
    '-l',
    join(dir, 'log'),
    '-w',
    '-t',
    '30',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
  ];
  const ctl = (action: string) => run('pg_ctl', [...startArgs(), action]);
  try {
    run('initdb', ['-D', dataDir, '-U', superuser, '--auth=trust', '--no-sync', '-E', 'UTF8']);
    ctl('start');
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `could not start a PostgreSQL cluster: ${(error as { stderr?: Buffer }).stderr?.toString() ?? String(error)}`,
    );
  }
  return {
    url: `postgresql://${superuser}@127.0.0.1:${port}/postgres`,
    pause: () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    resume: () => ctl('start'),
    stopServer: (mode) => runAsync('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']),
    startServer: () => runAsync('pg_ctl', [...startArgs(), 'start']),
    restart: () => ctl('restart'),
    stop: () => {
      try {
        // A test may end while its server is stopped (pause, stopServer); then there is nothing to stop.
        if (existsSync(join(dataDir, 'postmaster.pid')))
          run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
