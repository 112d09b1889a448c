import { spawn, type ChildProcess } from 'node:child_process';

export interface SpawnedBackend {
  child: ChildProcess;
  /** Everything it printed up to and including "ready". */
  output: string;
  /** What it printed on stderr by then (warnings). */
  errors: string;
}

/**
 * `npm run backend` as a process of its own (server/main.ts) on a free port, with its data in
 * `dataDir`, once it has printed "ready". The caller stops it.
 */
export async function spawnBackend(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<SpawnedBackend> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: { ...process.env, API_PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "ready" line; output so far:\n${output}`)), 60_000);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (/^ready$/m.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', (code) => reject(new Error(`backend exited with ${code}:\n${output}${errors}`)));
    });
  } catch (error) {
    if (child.exitCode === null) child.kill('SIGKILL');
    throw error;
  }
  return { child, output, errors };
}
