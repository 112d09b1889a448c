import { useContext, useSyncExternalStore } from 'react';

import { RecorderContext, type RecorderHandle } from './recorder-context.ts';
import type { RecorderState } from './recorder-controller.ts';

const READY: RecorderState = { kind: 'ready' };
const noSubscription = () => () => undefined;

/** The user's recorder and its state; null handle for visitors and while the data opens. */
export function useRecorder(): { handle: RecorderHandle | null; state: RecorderState } {
  const handle = useContext(RecorderContext);
  const state = useSyncExternalStore(
    handle?.controller.subscribe ?? noSubscription,
    handle?.controller.getSnapshot ?? (() => READY),
  );
  return { handle, state };
}
