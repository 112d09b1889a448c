import { describe, expect, it } from 'vitest';

import { createI18n } from '../../../lib/i18n/i18n.ts';
import { transcriptionErrorText } from './transcription-error-text.ts';

describe('transcriptionErrorText', () => {
  it('says the server’s reasons in German, keeping the provider’s name', async () => {
    const { t } = await createI18n('de-DE');
    expect(transcriptionErrorText('Transcription is not set up on this server yet.', t)).toBe(
      'Die Transkription ist auf diesem Server noch nicht eingerichtet.',
    );
    expect(
      transcriptionErrorText('Whisper is busy. Your recording will be transcribed a little later.', t),
    ).toBe('Whisper ist ausgelastet. Deine Aufnahme wird etwas später transkribiert.');
    expect(transcriptionErrorText('ElevenLabs could not transcribe this recording: bad codec', t)).toBe(
      'ElevenLabs konnte diese Aufnahme nicht transkribieren: bad codec',
    );
  });

  it('keeps the English text in English and shows an unknown reason as it is', async () => {
    const { t } = await createI18n('en-US');
    expect(transcriptionErrorText('Transcription failed (502).', t)).toBe('Transcription failed (502).');
    expect(transcriptionErrorText('disk full', t)).toBe('disk full');
  });
});
