import { describe, expect, it } from 'vitest';

import { encryptedJournalConsent } from './encrypted-journal-consent.ts';
import { TranscriptionFailure, type TranscriptionSettings } from './transcription-transport.ts';

const settings = {} as TranscriptionSettings;
const audio = new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' });

describe('a cloud transcription of an encrypted journal', () => {
  it('sends nothing until the person allowed it, then sends the audio', async () => {
    const sent: Blob[] = [];
    let allowed = false;
    const transport = encryptedJournalConsent(
      {
        transcribe(blob) {
          sent.push(blob);
          return Promise.resolve({ text: 'words', language: 'en', segments: [] });
        },
      },
      () => Promise.resolve(allowed),
    );
    const refused = transport.transcribe(audio, settings);
    await expect(refused).rejects.toBeInstanceOf(TranscriptionFailure);
    await expect(refused).rejects.toMatchObject({
      retryable: false,
      message: expect.stringMatching(/Settings → Privacy/),
    });
    expect(sent).toEqual([]);

    allowed = true;
    await expect(transport.transcribe(audio, settings)).resolves.toMatchObject({ text: 'words' });
    expect(sent).toEqual([audio]);
  });
});
