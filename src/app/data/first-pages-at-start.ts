import { initialAuthCore } from '../../features/auth/initial-auth-state.ts';
import type { SyncWorkerRunner } from '../../lib/sync/create-sync-worker.ts';
import type { AuthPort } from '../../sync/ports.ts';
import type { SyncSession } from '../../sync/transport.ts';
import { askFirstPagesEarly } from './ask-first-pages-early.ts';

/**
 * How long pages asked for at start wait for the connection to take them before their worker is
 * closed: a connection follows the first render within a second or two, unless the stored session
 * was refused meanwhile.
 */
export const UNTAKEN_AFTER_MS = 20_000;

type Ask = (userId: string, auth: AuthPort) => Promise<SyncWorkerRunner | null>;

interface Asked {
  readonly userId: string;
  readonly runner: Promise<SyncWorkerRunner | null>;
  readonly timer: ReturnType<typeof setTimeout>;
}

let asked: Asked | null = null;

const close = (runner: Promise<SyncWorkerRunner | null>) =>
  void runner.then((found) => found?.close()).catch(() => undefined);

/** The session the first render will show as signed in (a fresh stored one), as the engine holds one. */
export function sessionAtStart(nowMs: number = Date.now()): SyncSession | null {
  const { session, isRecoveryMode } = initialAuthCore(nowMs);
  if (!session || isRecoveryMode) return null;
  return { userId: session.user.id, accessToken: session.access_token };
}

/**
 * Asked by the entry as soon as React's renderer is evaluated, before the first render: on a device
 * with no database for the signed-in user, the sync worker starts and asks for the first pages now
 * (askFirstPagesEarly, docs/adr/0117), some 150 ms before the connection would, which follows the
 * first render's commit. The connection takes them with takeFirstPagesAskedAtStart; pages nobody takes
 * in UNTAKEN_AFTER_MS have their worker closed.
 */
export function askFirstPagesAtStart(
  session: SyncSession | null,
  ask: Ask = askFirstPagesEarly,
  setTimer: typeof setTimeout = setTimeout,
): void {
  if (!session || asked) return;
  const auth: AuthPort = {
    current: () => session,
    refresh: () => Promise.resolve(),
    subscribe: () => () => undefined,
  };
  const runner = ask(session.userId, auth).catch((error: unknown) => {
    console.warn('Murmur could not ask for the first pages at start; the connection will', error);
    return null;
  });
  const timer = setTimer(() => {
    if (asked?.runner !== runner) return;
    asked = null;
    close(runner);
  }, UNTAKEN_AFTER_MS);
  asked = { userId: session.userId, runner, timer };
}

/**
 * The pages asked for at start for this user, once; null when none were (the connection asks itself).
 * Pages asked for another account are closed: one account's worker never serves another's connection.
 */
export function takeFirstPagesAskedAtStart(
  userId: string,
  clearTimer: typeof clearTimeout = clearTimeout,
): Promise<SyncWorkerRunner | null> | null {
  const taken = asked;
  if (!taken) return null;
  asked = null;
  clearTimer(taken.timer);
  if (taken.userId === userId) return taken.runner;
  close(taken.runner);
  return null;
}
