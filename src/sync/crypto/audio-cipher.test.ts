import { describe, expect, it } from 'vitest';

import { openAudio, sealAudio } from './audio-cipher.ts';
import { JournalDecryptionError, JournalLockedError } from './crypto-errors.ts';
import { generateDataKey } from './generate-data-key.ts';

const audio = new Blob([Uint8Array.from({ length: 4_000 }, (_, i) => (i * 7) % 256)], { type: 'audio/webm' });

describe('a recording’s audio, sealed', () => {
  it('opens for its recording with the key, and reads nothing like the audio', async () => {
    const key = await generateDataKey();
    const sealed = await sealAudio(key, 'rec-1', audio);
    expect(sealed.type).toBe('audio/webm');
    expect(new Uint8Array(await sealed.arrayBuffer())).not.toEqual(new Uint8Array(await audio.arrayBuffer()));
    const opened = await openAudio(key, 'rec-1', await sealed.arrayBuffer());
    expect(new Uint8Array(opened)).toEqual(new Uint8Array(await audio.arrayBuffer()));
  });

  it('seals the same recording to the same bytes, so a resumed upload goes on where it stopped', async () => {
    const key = await generateDataKey();
    const first = new Uint8Array(await (await sealAudio(key, 'rec-1', audio)).arrayBuffer());
    const again = new Uint8Array(await (await sealAudio(key, 'rec-1', audio)).arrayBuffer());
    expect(again).toEqual(first);
    const other = new Uint8Array(await (await sealAudio(key, 'rec-2', audio)).arrayBuffer());
    expect(other).not.toEqual(first);
  });

  it('refuses audio moved to another recording, altered, or sealed under another key; asks for a key without one', async () => {
    const key = await generateDataKey();
    const sealed = await (await sealAudio(key, 'rec-1', audio)).arrayBuffer();
    await expect(openAudio(key, 'rec-2', sealed)).rejects.toBeInstanceOf(JournalDecryptionError);
    const altered = new Uint8Array(sealed.slice(0));
    altered[100] = (altered[100] ?? 0) ^ 1;
    await expect(openAudio(key, 'rec-1', altered.buffer)).rejects.toBeInstanceOf(JournalDecryptionError);
    await expect(openAudio(await generateDataKey(), 'rec-1', sealed)).rejects.toBeInstanceOf(
      JournalDecryptionError,
    );
    await expect(openAudio(null, 'rec-1', sealed)).rejects.toBeInstanceOf(JournalLockedError);
  });

  it('passes clear audio, uploaded before encryption, through as it is', async () => {
    const clear = await audio.arrayBuffer();
    expect(await openAudio(await generateDataKey(), 'rec-1', clear)).toBe(clear);
  });
});
