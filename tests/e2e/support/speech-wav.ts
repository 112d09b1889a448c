import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A WAV file of spoken words for Chromium's fake microphone, made at test time with espeak-ng and padded
 * with sox to at least `seconds` (Chromium loops the file). Made once per text and length.
 */
export function speechWav(text: string, seconds: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'murmur-speech-'));
  const spoken = join(dir, 'spoken.wav');
  const padded = join(dir, 'speech.wav');
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', spoken, text]);
  // 16-bit mono 48 kHz, as a microphone delivers it; silence after the words up to the length asked.
  execFileSync('sox', [spoken, '-r', '48000', '-c', '1', '-b', '16', padded, 'pad', '0', String(seconds)]);
  if (!existsSync(padded)) throw new Error('sox did not write the speech file');
  return padded;
}
