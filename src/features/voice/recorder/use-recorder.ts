import { atom, useAtomValue } from 'jotai';
import { useContext } from 'react';

import { RecorderContext, type RecorderHandle } from './recorder-context.ts';
import type { RecorderState } from './recorder-controller.ts';

/** What a screen without a recorder shows: visitors, and a user whose data is still opening. */
const noRecorderAtom = atom<RecorderState>({ kind: 'ready' });

/** The user's recorder and its state; null handle for visitors and while the data opens. */
export function useRecorder(): { handle: RecorderHandle | null; state: RecorderState } {
  const handle = useContext(RecorderContext);
  const state = useAtomValue(handle?.controller.stateAtom ?? noRecorderAtom);
  return { handle, state };
}
