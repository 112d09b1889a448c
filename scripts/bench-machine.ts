import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';

import { findChromium } from './chromium-path.ts';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  /** 1-minute load average when the run started: above the core count, other work competed for the CPU. */
  loadAverage: number;
  node: string;
  chromium: string;
  gitSha: string;
  date: string;
}

function quietly(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

/** Figures only compare on the same machine and commit, so every result file says which they were. */
export function benchMachine(): Machine {
  const chromium = findChromium();
  const dirty = quietly('git', ['status', '--porcelain', '--untracked-files=no']) !== '';
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    loadAverage: Math.round((loadavg()[0] ?? 0) * 10) / 10,
    node: process.version,
    chromium: chromium ? quietly(chromium, ['--version']) : 'not found',
    gitSha: `${quietly('git', ['rev-parse', '--short', 'HEAD'])}${dirty ? ' (uncommitted changes)' : ''}`,
    date: new Date().toISOString(),
  };
}
