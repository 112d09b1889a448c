import { spawn, type ChildProcess } from 'node:child_process';

export interface SpawnedBackend {
  child: ChildProcess;
  /** Everything it printed up to and including "ready". */
  output: string;
  /** What it has printed on stderr so far (warnings); it goes on growing after "ready". */
  readonly errors: string;
  /** Resolves with stderr once it matches `pattern`: stderr and stdout are separate pipes, unordered. */
  stderrMatching(pattern: RegExp, ms?: number): Promise<string>;
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
  return {
    child,
    output,
    get errors() {
      return errors;
    },
    stderrMatching: (pattern, ms = 10_000) =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const poll = () => {
          if (pattern.test(errors)) resolve(errors);
          else if (Date.now() - started > ms)
            reject(new Error(`stderr never matched ${pattern}:\n${errors}`));
          else setTimeout(poll, 20);
        };
        poll();
      }),
  };
}
