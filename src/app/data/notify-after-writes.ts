/**
 * Wraps every command but the `silent` ones so that, once its write has committed, `onWrite` runs (the
 * engine's notifyLocalWrite, R27), right after the caller has resumed. The caller gets the command's own
 * promise; a failed command wrote nothing, so it notifies nobody. src/db stays unaware of sync.
 */
export function notifyAfterWrites<T extends object>(
  commands: T,
  onWrite: () => void,
  silent: ReadonlySet<keyof T> = new Set(),
): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(commands)) {
    wrapped[name] =
      typeof value === 'function' && !silent.has(name as keyof T)
        ? (...args: unknown[]) => {
            const result: unknown = value(...args);
            if (!isThenable(result)) {
              onWrite();
              return result;
            }
            // The caller resumes first, then the engine is told, still in the same task (one microtask
            // later): an autosave answers "Saved" without waiting for the engine's reads and status
            // updates, and the push still leaves before any timer or render task.
            result.then(
              () => queueMicrotask(onWrite),
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
