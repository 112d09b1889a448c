import { renderHook, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { openRecorderTestBed, type RecorderTestBed } from '../../../testing/voice/recorder-test-bed.tsx';
import { useRecordShortcut } from './use-record-shortcut.ts';

const SHORTCUT = '{Alt>}{Shift>}[KeyR]{/Shift}{/Alt}';

describe('the Alt+Shift+R shortcut', () => {
  let bed: RecorderTestBed;
  afterEach(() => bed.db.close());

  async function listen(options: { allowed: boolean; loading?: boolean }) {
    bed = await openRecorderTestBed({
      allowed: options.allowed,
      settings: { recording_confirmation: 'never', enable_faster_record: true },
    });
    const refusals: string[] = [];
    renderHook(() =>
      useRecordShortcut(bed.handle, {
        loading: options.loading ?? false,
        onRefused: () => refusals.push('refused'),
      }),
    );
    return refusals;
  }

  it('starts a recording into a new note, and stops it again keeping what was said', async () => {
    await listen({ allowed: true });
    await userEvent.keyboard(SHORTCUT);
    await waitFor(() => expect(bed.controller.state.kind).toBe('recording'));
    bed.mic.advance(2000);
    bed.mic.recorder.slice(1, 2);

    await userEvent.keyboard(SHORTCUT);
    await waitFor(() => expect(bed.controller.state.kind).toBe('saved'));
    const [recording] = await bed.db.recordings.toArray();
    expect(recording).toMatchObject({ duration_ms: 2000, size_bytes: 3 });
    expect(await bed.db.local_recordings.toArray()).toMatchObject([{ destination: { kind: 'new_note' } }]);
  });

  it('stops the countdown when recording is not set to start at once', async () => {
    bed = await openRecorderTestBed({ settings: { enable_faster_record: false } });
    renderHook(() => useRecordShortcut(bed.handle, { loading: false, onRefused: () => undefined }));
    await userEvent.keyboard(SHORTCUT);
    expect(bed.controller.state).toEqual({ kind: 'countdown', remaining: 3 });
    await userEvent.keyboard(SHORTCUT);
    expect(bed.controller.state).toEqual({ kind: 'ready' });
    bed.mic.advance(5000);
    expect(bed.mic.constraints).toEqual([]);
  });

  it('is refused for a basic user: nothing records, and they are told why', async () => {
    const refusals = await listen({ allowed: false });
    await userEvent.keyboard(SHORTCUT);
    expect(refusals).toHaveLength(1);
    expect(bed.controller.state).toEqual({ kind: 'ready' });
    expect(bed.mic.constraints).toEqual([]);
    expect(await bed.db.local_recordings.count()).toBe(0);
  });

  it('neither records nor refuses while the subscription is still loading', async () => {
    const refusals = await listen({ allowed: false, loading: true });
    await userEvent.keyboard(SHORTCUT);
    expect(refusals).toEqual([]);
    expect(bed.mic.constraints).toEqual([]);
  });

  it('ignores R with other modifiers', async () => {
    await listen({ allowed: true });
    await userEvent.keyboard('{Control>}{Alt>}{Shift>}[KeyR]{/Shift}{/Alt}{/Control}');
    await userEvent.keyboard('{Alt>}[KeyR]{/Alt}');
    expect(bed.controller.state).toEqual({ kind: 'ready' });
  });
});
