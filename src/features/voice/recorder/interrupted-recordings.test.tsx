import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { openRecorderTestBed, type RecorderTestBed } from '../../../testing/voice/recorder-test-bed.tsx';
import { InterruptedRecordings } from './interrupted-recordings.tsx';
import { RecorderDock } from './recorder-dock.tsx';

const OFFERED = 'An unfinished recording (0:02) was found from earlier.';

describe('interrupted recordings', () => {
  const beds: RecorderTestBed[] = [];
  afterEach(() => {
    for (const bed of beds.splice(0)) bed.db.close();
  });

  /**
   * A take into a note, stopped, its keep-or-discard question shown and left unanswered; then the page
   * goes (the question with it) and the app starts again on the same device. Returns the new start.
   */
  async function leaveUnansweredAndRestart(): Promise<{ next: RecorderTestBed; recordingId: string }> {
    const first = await openRecorderTestBed({ settings: { recording_confirmation: 'always' } });
    beds.push(first);
    const page = await first.render(
      <>
        <RecorderDock />
        <InterruptedRecordings />
      </>,
    );
    const noteId = await first.commands.createNote({ title: 'Plans' });
    first.handle.toggle({ kind: 'field', table: 'notes', id: noteId, field: 'body' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Recording'));
    first.mic.advance(1000);
    first.mic.recorder.slice(1, 2);
    first.mic.advance(1000);
    first.controller.stop();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Keep this recording (0:02)?'));
    const state = first.controller.state;
    if (state.kind !== 'confirming') throw new Error(`not asking but ${state.kind}`);
    page.unmount();
    first.db.close();

    const next = await openRecorderTestBed({ indexedDB: first.indexedDB });
    beds.push(next);
    await next.render(
      <>
        <RecorderDock />
        <InterruptedRecordings />
      </>,
    );
    return { next, recordingId: state.recordingId };
  }

  it('offers back a recording whose keep-or-discard question was left unanswered, audio and all', async () => {
    const { next, recordingId } = await leaveUnansweredAndRestart();
    const offered = await screen.findByRole('region', { name: OFFERED });
    // Nothing was kept or removed while nobody answered.
    expect(await next.db.audio_chunks.where('recording_id').equals(recordingId).count()).toBe(2);
    expect(await next.db.recordings.count()).toBe(0);

    await userEvent.click(within(offered).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: OFFERED })).toBeNull());
    expect(await next.db.recordings.get(recordingId)).toMatchObject({
      entry_table: 'notes',
      duration_ms: 2000,
      size_bytes: 3,
    });
    expect(await next.db.transcription_jobs.where('recording_id').equals(recordingId).count()).toBe(1);
  });

  it('removes it, audio and all, only on an explicit Discard', async () => {
    const { next, recordingId } = await leaveUnansweredAndRestart();
    const offered = await screen.findByRole('region', { name: OFFERED });
    await userEvent.click(within(offered).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: OFFERED })).toBeNull());
    expect(await next.db.local_recordings.get(recordingId)).toBeUndefined();
    expect(await next.db.audio_chunks.count()).toBe(0);
    expect(await next.db.recordings.count()).toBe(0);
  });
});
