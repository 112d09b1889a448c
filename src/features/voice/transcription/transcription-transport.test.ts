import { describe, expect, it } from 'vitest';

import { defaultUserSettings } from '../../../db/entities/user-settings.ts';
import { requestedLanguage, type TranscriptionSettings } from './transcription-transport.ts';

const settings = (patch: Partial<TranscriptionSettings>): TranscriptionSettings => ({
  ...defaultUserSettings('u'),
  ...patch,
});

describe('the language a transcription asks for', () => {
  it('leaves it to the provider while both detection switches are on (the defaults), whatever is preferred', () => {
    expect(requestedLanguage(settings({}))).toBeNull();
    expect(
      requestedLanguage(settings({ preferred_transcription_language: 'de', speaker_language: 'fr' })),
    ).toBeNull();
  });

  it('uses the preferred language as soon as either switch is off', () => {
    const fixed = { preferred_transcription_language: 'de', speaker_language: 'fr' };
    // "Detect the language of each recording" off wins over "switch automatically" still on.
    expect(
      requestedLanguage(settings({ ...fixed, enable_language_detection: false, auto_detect_language: true })),
    ).toBe('de');
    expect(
      requestedLanguage(settings({ ...fixed, enable_language_detection: true, auto_detect_language: false })),
    ).toBe('de');
    expect(
      requestedLanguage(
        settings({ ...fixed, enable_language_detection: false, auto_detect_language: false }),
      ),
    ).toBe('de');
  });

  it('falls back to the language spoken when no transcript language is preferred', () => {
    expect(
      requestedLanguage(
        settings({
          enable_language_detection: false,
          preferred_transcription_language: 'auto',
          speaker_language: 'fr',
        }),
      ),
    ).toBe('fr');
  });

  it('lets the provider detect when detection is off but neither language is set', () => {
    expect(requestedLanguage(settings({ enable_language_detection: false }))).toBeNull();
  });

  it('sends the bare language code of a regional setting, and skips a value that is no language code', () => {
    const off = { auto_detect_language: false };
    expect(requestedLanguage(settings({ ...off, preferred_transcription_language: 'de-DE' }))).toBe('de');
    expect(requestedLanguage(settings({ ...off, preferred_transcription_language: ' PT_br ' }))).toBe('pt');
    expect(
      requestedLanguage(
        settings({ ...off, preferred_transcription_language: 'English!', speaker_language: 'en' }),
      ),
    ).toBe('en');
    expect(
      requestedLanguage(settings({ ...off, preferred_transcription_language: '', speaker_language: '' })),
    ).toBeNull();
  });
});
