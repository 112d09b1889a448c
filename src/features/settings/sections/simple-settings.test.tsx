import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { installFakeSpeechSynthesis } from '../../../testing/speech/install-fake-speech-synthesis.ts';
import { openTestNotesData, openTestSettings, renderAt } from '../../../testing/notes-test-harness.tsx';
import { SettingsContext } from '../settings-context.ts';
import { TextToSpeechSettings } from './simple-settings.tsx';

describe('text-to-speech settings', () => {
  let data: Awaited<ReturnType<typeof openTestNotesData>>;
  beforeEach(async () => {
    data = await openTestNotesData();
  });
  afterEach(() => data.db.close());

  const open = async () => {
    const settings = await openTestSettings(data);
    return renderAt('/settings/text-to-speech', [
      {
        path: '/settings/text-to-speech',
        element: (
          <SettingsContext.Provider value={settings}>
            <TextToSpeechSettings />
          </SettingsContext.Provider>
        ),
      },
    ]);
  };

  it('turns read-aloud off for notes, diary entries and check-ins with one switch', async () => {
    installFakeSpeechSynthesis();
    await open();
    const toggle = screen.getByRole('switch', {
      name: /Offer to read notes, diary entries and mood check-ins aloud/,
    });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText("Uses your device's voices; nothing is sent anywhere.")).toBeTruthy();
    await userEvent.click(toggle);
    await waitFor(async () =>
      expect((await data.db.user_settings.get(data.userId))?.enable_text_to_speech).toBe(false),
    );
  });

  it('says so where the browser cannot read aloud', async () => {
    installFakeSpeechSynthesis({ available: false });
    await open();
    expect(screen.getByText('This browser cannot read text aloud.')).toBeTruthy();
  });
});
