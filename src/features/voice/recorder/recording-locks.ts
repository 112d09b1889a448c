/** The Web Lock a tab holds while it records, named for the recording. */
const recordingLockName = (recordingId: string) => `murmur-recording-${recordingId}`;

/** Holds the recording's lock until the returned function is called (no-op where Web Locks are missing). */
export function holdRecordingLock(recordingId: string): () => void {
  // Optional chaining: some environments have the property but no implementation behind it.
  if (!navigator.locks?.request) return () => undefined;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  void navigator.locks.request(recordingLockName(recordingId), () => held);
  return release;
}

/** Recordings some open tab of this browser is recording right now. */
export async function recordingsInProgress(): Promise<string[]> {
  if (!navigator.locks?.query) return [];
  const { held = [] } = await navigator.locks.query();
  const prefix = recordingLockName('');
  return held.flatMap((lock) => (lock.name?.startsWith(prefix) ? [lock.name.slice(prefix.length)] : []));
}
