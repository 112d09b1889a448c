import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { openRecorderTestBed, type RecorderTestBed } from '../../../testing/voice/recorder-test-bed.tsx';
import { RecordButton } from './record-button.tsx';

describe('record button in push-to-talk mode', () => {
  let bed: RecorderTestBed;
  // One user for the whole test: a key or button pressed in one call is released in a later one.
  let user: ReturnType<typeof userEvent.setup>;

  beforeEach(async () => {
    bed = await openRecorderTestBed({
      settings: { recording_mode: 'push_to_talk', recording_confirmation: 'never' },
    });
    user = userEvent.setup();
    await bed.render(<RecordButton destination={{ kind: 'new_note' }} />);
  });
  afterEach(() => bed.db.close());

  const button = () => screen.getByRole('button');
  const kept = () => bed.db.recordings.count();

  it('records while held with the pointer and keeps the take on release', async () => {
    expect(button().textContent).toBe('Hold to talk');
    await user.pointer({ keys: '[MouseLeft>]', target: button() });
    await waitFor(() => expect(bed.controller.state.kind).toBe('recording'));
    expect(button().getAttribute('aria-pressed')).toBe('true');
    // Push-to-talk starts at once: a countdown would eat the first words of a held button.
    expect(bed.mic.constraints).toHaveLength(1);
    bed.mic.advance(1000);
    bed.mic.recorder.slice(1, 2, 3);
    bed.mic.advance(500);

    await user.pointer({ keys: '[/MouseLeft]', target: button() });
    await waitFor(() => expect(bed.controller.state.kind).toBe('saved'));
    const [recording] = await bed.db.recordings.toArray();
    expect(recording).toMatchObject({ duration_ms: 1500, size_bytes: 4 });
    expect(button().textContent).toBe('Hold to talk');
    expect(button().getAttribute('aria-pressed')).toBe('false');
  });

  it('a tap released before the microphone opens records nothing and leaves the button ready', async () => {
    bed.mic.prompting = true;
    await user.pointer({ keys: '[MouseLeft>]', target: button() });
    expect(bed.controller.state.kind).toBe('starting');
    await user.pointer({ keys: '[/MouseLeft]', target: button() });
    expect(bed.controller.state.kind).toBe('ready');
    expect(button().textContent).toBe('Hold to talk');

    bed.mic.answer();
    // The microphone that opened after the release is closed again, and no recording keeps running.
    await waitFor(() => expect(bed.mic.tracksStopped).toBe(1));
    expect(bed.controller.state.kind).toBe('ready');
    expect(await bed.db.local_recordings.count()).toBe(0);
    expect(await kept()).toBe(0);
  });

  it('the pointer sliding off the button ends the take', async () => {
    await user.pointer({ keys: '[MouseLeft>]', target: button() });
    await waitFor(() => expect(bed.controller.state.kind).toBe('recording'));
    await user.pointer({ target: document.body });
    await waitFor(() => expect(bed.controller.state.kind).toBe('saved'));
    expect(await kept()).toBe(1);
  });

  it('records while Space or Enter is held on the focused button', async () => {
    button().focus();
    await user.keyboard('[Space>]');
    await waitFor(() => expect(bed.controller.state.kind).toBe('recording'));
    expect(button().textContent).toBe('Stop');
    await user.keyboard('[/Space]');
    await waitFor(() => expect(bed.controller.state.kind).toBe('saved'));

    bed.controller.reset();
    await user.keyboard('[Enter>]');
    await waitFor(() => expect(bed.controller.state.kind).toBe('recording'));
    await user.keyboard('[/Enter]');
    await waitFor(() => expect(bed.controller.state.kind).toBe('saved'));
    expect(await kept()).toBe(2);
  });

  it('a key released before the microphone opens records nothing', async () => {
    bed.mic.prompting = true;
    button().focus();
    await user.keyboard('[Space>]');
    expect(bed.controller.state.kind).toBe('starting');
    await user.keyboard('[/Space]');
    expect(bed.controller.state.kind).toBe('ready');
    bed.mic.answer();
    await waitFor(() => expect(bed.mic.tracksStopped).toBe(1));
    expect(await bed.db.local_recordings.count()).toBe(0);
  });

  it('focus leaving while a key is held ends the take, since its key-up will land elsewhere', async () => {
    button().focus();
    await user.keyboard('[Space>]');
    await waitFor(() => expect(bed.controller.state.kind).toBe('recording'));
    button().blur();
    await waitFor(() => expect(bed.controller.state.kind).toBe('saved'));
    expect(await kept()).toBe(1);
  });

  it('a pointer merely passing over does not stop a recording started elsewhere', async () => {
    bed.handle.toggle({ kind: 'new_note' });
    await waitFor(() => expect(bed.controller.state.kind).toBe('recording'));
    await user.hover(button());
    await user.unhover(button());
    expect(bed.controller.state.kind).toBe('recording');
  });
});
