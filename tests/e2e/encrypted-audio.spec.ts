import { randomUUID } from 'node:crypto';

import { expect, test, type Page } from '@playwright/test';

import { DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY } from '../../server/keys.ts';
import { newNote, newRecording } from '../integration/sync/support/sync-requests.ts';
import { seriousViolations } from './support/axe.ts';
import { pushAsAnotherDevice } from './support/push-as-another-device.ts';
import { SUPABASE_URL, signInBeforeLoad } from './support/session.ts';

const PASSPHRASE = 'otter lantern quarry velvet';
/** Audio bytes only this test stores. */
const AUDIO = Uint8Array.from({ length: 4096 }, (_, i) => (i * 31 + 5) % 251);

/** The recording's object as the service role reads it: as anyone with access to the bucket. */
async function storedObject(path: string): Promise<Uint8Array> {
  const response = await fetch(`${SUPABASE_URL}/storage/v1/object/authenticated/recordings/${path}`, {
    headers: { apikey: DEMO_SERVICE_ROLE_KEY, authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}` },
  });
  if (!response.ok) throw new Error(`reading the stored audio: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The bytes the page's audio player plays (its blob: URL), as numbers. */
async function playedBytes(page: Page): Promise<number[]> {
  return page
    .getByRole('region', { name: 'Recordings' })
    .locator('audio')
    .evaluate(async (audio: HTMLAudioElement) => [
      ...new Uint8Array(await (await fetch(audio.src)).arrayBuffer()),
    ]);
}

test('turning encryption on seals audio stored in clear before, and another device still plays it (ADR 0153)', async ({
  browser,
}) => {
  // Two devices each stretch the passphrase with Argon2id (64 MiB).
  test.setTimeout(120_000);
  const first = await (await browser.newContext()).newPage();
  const session = await signInBeforeLoad(first);
  const noteId = randomUUID();
  const recordingId = randomUUID();
  const path = `${session.user.id}/${recordingId}`;
  // Recorded and uploaded on another device before encryption: the row by sync, the audio in clear.
  await pushAsAnotherDevice(SUPABASE_URL, session, function* (other) {
    yield [
      other.mutation('notes', noteId, newNote(noteId, { title: 'Heron walk', body: 'by the lake' })),
      other.mutation('recordings', recordingId, {
        ...newRecording(recordingId),
        entry_table: 'notes',
        entry_id: noteId,
        size_bytes: AUDIO.length,
        storage_path: path,
        uploaded_at: new Date().toISOString(),
      }),
    ];
  });
  const uploaded = await fetch(`${SUPABASE_URL}/storage/v1/object/recordings/${path}`, {
    method: 'POST',
    headers: {
      apikey: DEMO_ANON_KEY,
      authorization: `Bearer ${session.access_token}`,
      'content-type': 'audio/webm',
    },
    body: AUDIO,
  });
  expect(uploaded.status, await uploaded.text()).toBe(200);
  expect(await storedObject(path)).toEqual(AUDIO);

  await first.goto('/notes');
  await expect(first.getByRole('link', { name: /Heron walk/ })).toBeVisible({ timeout: 20_000 });
  await first.goto('/settings/privacy');
  await first.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await first.getByLabel('Passphrase again').fill(PASSPHRASE);
  await first.getByRole('button', { name: 'Encrypt my journal' }).click();
  await expect(first.getByRole('status', { name: 'Your recovery key' })).toHaveText(/\S{20,}/, {
    timeout: 20_000,
  });
  await first.getByRole('button', { name: 'I have kept it' }).click();

  // The object in Storage is replaced by its sealed form: no stretch of the audio is left in it.
  const clearStretch = Buffer.from(AUDIO.slice(1000, 1064));
  await expect
    .poll(
      async () => {
        const stored = Buffer.from(await storedObject(path));
        return { sealed: stored.subarray(0, 4).toString('latin1'), clear: stored.includes(clearStretch) };
      },
      { timeout: 30_000 },
    )
    .toEqual({ sealed: 'MXA1', clear: false });
  expect(await seriousViolations(first)).toEqual([]);

  // A second device unlocks, fetches the audio from Storage and plays the recording as it was.
  const second = await (await browser.newContext()).newPage();
  await signInBeforeLoad(second, session.user.email);
  await second.goto('/settings/privacy');
  await second.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await second.getByRole('button', { name: 'Unlock' }).click();
  await expect(second.getByText('Your journal is encrypted end to end.')).toBeVisible({ timeout: 20_000 });
  await second.goto('/notes');
  await second.getByRole('link', { name: /Heron walk/ }).click();
  const recordings = second.getByRole('region', { name: 'Recordings' });
  await recordings.getByRole('button', { name: 'Get the audio to play it' }).click();
  await expect(recordings.getByLabel(/^Play the recording of /)).toBeVisible({ timeout: 20_000 });
  expect(await playedBytes(second)).toEqual([...AUDIO]);
});
