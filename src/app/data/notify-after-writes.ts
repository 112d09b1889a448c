/** What the engine hears of a command's write (R27, R29). */
export interface WriteListener {
  /** The command was called and has not written yet: its push will follow soon. */
  starting?: () => void;
  /** Its write committed. */
  written: () => void;
}

/**
 * Wraps every command but the `silent` ones so that `starting` runs as it is called, and once its
 * write has committed `written` runs (the engine's notifyWriteStarting and notifyLocalWrite), right
 * after the caller has resumed. The caller gets the command's own promise; a failed command wrote
 * nothing, so `written` is not told of it. src/db stays unaware of sync.
 */
export function notifyAfterWrites<T extends object>(
  commands: T,
  listener: WriteListener,
  silent: ReadonlySet<keyof T> = new Set(),
): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(commands)) {
    wrapped[name] =
      typeof value === 'function' && !silent.has(name as keyof T)
        ? (...args: unknown[]) => {
            listener.starting?.();
            const result: unknown = value(...args);
            if (!isThenable(result)) {
              listener.written();
              return result;
            }
            // The caller resumes first, then the engine is told, still in the same task (one microtask
            // later): an autosave answers "Saved" without waiting for the engine's reads and status
            // updates, and the push still leaves before any timer or render task.
            result.then(
              () => queueMicrotask(() => listener.written()),
              () => undefined,
            );
            return result;
          }
        : value;
  }
  return wrapped as T;
}

/** Dexie's own promises are thenables, not always native Promises. */
function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
  );
}
