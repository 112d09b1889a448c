import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { openRecorderTestBed, type RecorderTestBed } from '../../../testing/voice/recorder-test-bed.tsx';
import { RecorderDock } from './recorder-dock.tsx';

describe('recorder dock', () => {
  let bed: RecorderTestBed;
  afterEach(() => bed.db.close());

  const announced = () => screen.getByRole('status').textContent;
  const savedJob = () => {
    const state = bed.controller.state;
    if (state.kind !== 'saved') throw new Error(`not saved but ${state.kind}`);
    return state.jobId;
  };

  it('says "Ready to record" while idle, with no panel controls in the way', async () => {
    bed = await openRecorderTestBed();
    await bed.render(<RecorderDock />);
    expect(announced()).toBe('Ready to record');
    expect(screen.getByRole('region', { name: 'Recorder' })).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('is absent for a user who may not record, rather than saying they are ready to', async () => {
    bed = await openRecorderTestBed({ allowed: false });
    await bed.render(<RecorderDock />);
    expect(screen.queryByRole('region', { name: 'Recorder' })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('announces each step of a take in one live region: countdown, opening, recording with its timer, saving, queued', async () => {
    let finishSaving: () => void = () => undefined;
    const saving = new Promise<void>((resolve) => (finishSaving = resolve));
    bed = await openRecorderTestBed({
      settings: { enable_faster_record: false, recording_confirmation: 'never' },
      // Keeping is held back so the saving step can be seen; it is quick otherwise.
      commands: (commands) => ({
        ...commands,
        keepRecording: async (...args) => {
          await saving;
          return commands.keepRecording(...args);
        },
      }),
    });
    await bed.render(<RecorderDock />);
    // The same region throughout: it was in the page before the first change, so that change is read.
    const status = screen.getByRole('status');
    bed.mic.prompting = true;

    bed.handle.toggle({ kind: 'new_note' });
    await waitFor(() => expect(announced()).toBe('Recording starts in 3'));
    bed.mic.advance(1000);
    await waitFor(() => expect(announced()).toBe('Recording starts in 2'));
    bed.mic.advance(1000);
    await waitFor(() => expect(announced()).toBe('Recording starts in 1'));
    bed.mic.advance(1000);
    await waitFor(() => expect(announced()).toBe('Opening the microphone…'));
    bed.mic.answer();
    await waitFor(() => expect(announced()).toBe('Recording'));
    expect(screen.getByRole('timer').textContent).toBe('0:00');
    bed.mic.advance(65_000);
    // The timer follows the recorder's clock at its next once-a-second tick.
    await waitFor(() => expect(screen.getByRole('timer').textContent).toBe('1:05'), { timeout: 2500 });
    expect(screen.getByRole('status')).toBe(status);

    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(announced()).toBe('Saving the recording…'));
    expect(screen.queryByRole('timer')).toBeNull();
    finishSaving();
    await waitFor(() => expect(announced()).toBe('Saved. Queued for transcription'));
    expect(screen.getByRole('status')).toBe(status);
    expect(await bed.db.recordings.toArray()).toMatchObject([{ duration_ms: 65_000 }]);
  });

  it('follows the transcription: transcribing, failed with a retry, done; then ready again', async () => {
    bed = await openRecorderTestBed({ settings: { recording_confirmation: 'never' } });
    await bed.render(<RecorderDock />);
    bed.handle.toggle({ kind: 'new_note' });
    await waitFor(() => expect(announced()).toBe('Recording'));
    bed.mic.advance(3000);
    bed.controller.stop();
    await waitFor(() => expect(announced()).toBe('Saved. Queued for transcription'));
    const jobId = savedJob();

    await bed.commands.claimTranscriptionJob(jobId);
    await waitFor(() => expect(announced()).toBe('Transcribing…'));
    await bed.commands.failTranscriptionJob(jobId, 'provider_unavailable');
    await waitFor(() => expect(announced()).toBe('Failed — retry'));

    await userEvent.click(screen.getByRole('button', { name: 'Retry transcription' }));
    await waitFor(() => expect(announced()).toBe('Saved. Queued for transcription'));
    await bed.commands.claimTranscriptionJob(jobId);
    await bed.commands.completeTranscriptionJob(jobId);
    await waitFor(() => expect(announced()).toBe('Transcribed'));

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(announced()).toBe('Ready to record');
  });

  it('says why when the microphone is refused, and is ready again once closed', async () => {
    bed = await openRecorderTestBed();
    await bed.render(<RecorderDock />);
    bed.mic.permission = 'denied';
    bed.handle.startNow({ kind: 'new_note' });
    await waitFor(() =>
      expect(announced()).toBe(
        "Murmur may not use the microphone. Allow it in the browser's site settings, then try again.",
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(announced()).toBe('Ready to record');
  });

  it('asks whether to keep a take when recording_confirmation says so, and a cancel says ready', async () => {
    bed = await openRecorderTestBed({ settings: { recording_confirmation: 'always' } });
    await bed.render(<RecorderDock />);
    bed.handle.toggle({ kind: 'new_note' });
    await waitFor(() => expect(announced()).toBe('Recording'));
    bed.mic.advance(2000);
    bed.controller.stop();
    await waitFor(() => expect(announced()).toBe('Keep this recording (0:02)?'));
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(announced()).toBe('Ready to record'));
    expect(await bed.db.recordings.count()).toBe(0);
  });
});
