import type { Page } from '@playwright/test';

import { seedNotes } from '../../e2e/support/seed-notes.ts';
import { goOffline, goOnline } from '../../e2e/support/network.ts';
import type { StoredSession } from '../../e2e/support/session.ts';
import type { DeviceNote } from './conflict-outcome.ts';
import { CONFLICT_WORDS } from './conflict-words.ts';
import { convergedNotes } from './converged-notes.ts';
import { openDevice, type Device } from './open-device.ts';
import { countRows } from './sync-probes.ts';
import { waitUntilUpToDate } from './wait-until-up-to-date.ts';

const { original, aAppends, bPrepends, aBeforeDelete } = CONFLICT_WORDS;

const bodyField = (page: Page) => page.getByRole('textbox', { name: 'Text', exact: true });

/** A device of the account on note `id`'s page, its editor showing the body, and synced. */
async function openOnNote(email: string, base: string, id: string): Promise<Device> {
  const device = await openDevice(email);
  await device.page.goto(`${base}/notes/${id}`);
  await device.page.waitForFunction(
    (body) => [...document.querySelectorAll('textarea')].some((field) => field.value === body),
    original,
    { timeout: 60_000 },
  );
  await waitUntilUpToDate(device.page);
  return device;
}

/** `body` typed over the note's text in the editor and saved, as a person leaving the field saves. */
async function saveBody(page: Page, body: string): Promise<void> {
  await bodyField(page).fill(body);
  await bodyField(page).blur();
  await page
    .getByRole('status')
    .filter({ hasText: /^Saved/ })
    .waitFor();
}

/** The note and the unresolved conflicts kept for it, from the device's database, and its queued changes. */
function readNote(page: Page, userId: string, id: string): Promise<{ note: DeviceNote; pending: number }> {
  return page.evaluate(
    async ([user, noteId]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(`murmur-user-${user}`);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('open failed'));
      });
      const answer = <T>(request: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('read failed'));
        });
      try {
        const tx = db.transaction(['notes', 'conflicts', 'outbox']);
        const [note, conflicts, pending] = await Promise.all([
          answer(tx.objectStore('notes').get(noteId)) as Promise<
            { body: string; deleted_at: string | null } | undefined
          >,
          answer(tx.objectStore('conflicts').getAll()) as Promise<
            { row_id: string; resolved_at: string | null; losing_value: unknown }[]
          >,
          answer(tx.objectStore('outbox').count()),
        ]);
        const keptAside = conflicts
          .filter((conflict) => conflict.row_id === noteId && conflict.resolved_at === null)
          .map((conflict) =>
            typeof conflict.losing_value === 'string'
              ? conflict.losing_value
              : JSON.stringify(conflict.losing_value),
          );
        return {
          note: { body: note?.body ?? '', deleted: (note?.deleted_at ?? null) !== null, keptAside },
          pending,
        };
      } finally {
        db.close();
      }
    },
    [userId, id] as const,
  );
}

async function readDevices(devices: readonly Device[], userId: string, id: string) {
  const read = await Promise.all(devices.map((device) => readNote(device.page, userId, id)));
  return {
    notes: read.map((one) => one.note),
    pending: read.reduce((sum, one) => sum + one.pending, 0) + (await uiSyncing(devices)),
  };
}

/** Devices whose indicator does not say "up to date" (offline, syncing), counted as pending. */
async function uiSyncing(devices: readonly Device[]): Promise<number> {
  const states = await Promise.all(
    devices.map((device) => device.page.locator('aside[data-state="up_to_date"]').count()),
  );
  return states.filter((count) => count === 0).length;
}

/** Until the device's outbox is empty: its changes are on the server. */
async function untilPushed(page: Page, userId: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while ((await countRows(page, userId, 'outbox')) > 0) {
    if (Date.now() > deadline) throw new Error('murmur conflicts: changes still queued after a minute');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Done when nothing is pending, both devices hold the same note, and every edit's words are on both. */
function settledWith(words: readonly string[], deleted: boolean) {
  return (notes: readonly DeviceNote[], pending: number) =>
    pending === 0 &&
    notes.every((note) => note.body === notes[0]?.body && note.deleted === deleted) &&
    words.every((word) =>
      notes.every((note) => note.body.includes(word) || note.keptAside.some((text) => text.includes(word))),
    );
}

/**
 * The two conflict cases for Murmur, on real app pages against the backend, each on its own account:
 * - two edits: A and B both offline edit the note's body (A adds words at the end, then B at the
 *   start); B reconnects and pushes first, then A;
 * - edit against delete: A offline edits the body while B, online, deletes the note; then A reconnects.
 * Each resolves with both devices' note once they converge. Murmur merges a conflict the server kept
 * after a completed pull (sync.md R40), so agreeing devices alone can be a moment before that merge:
 * convergence also waits for the words, and reports what is there if they never come.
 */
export async function murmurConflictCases(
  base: string,
  backendUrl: string,
  newAccount: () => Promise<StoredSession>,
): Promise<{ twoEdits: DeviceNote[]; editAgainstDelete: DeviceNote[] }> {
  const twoEdits = async () => {
    const session = await newAccount();
    const email = session.user.email ?? '';
    const [id = ''] = await seedNotes(backendUrl, session, 1);
    const a = await openOnNote(email, base, id);
    const b = await openOnNote(email, base, id);
    try {
      await goOffline(a.context);
      await goOffline(b.context);
      await saveBody(a.page, `${original}${aAppends}`);
      await saveBody(b.page, `${bPrepends}${original}`);
      await goOnline(b.context);
      await untilPushed(b.page, session.user.id);
      await goOnline(a.context);
      return await convergedNotes(
        () => readDevices([a, b], session.user.id, id),
        settledWith([aAppends.trim(), bPrepends.trim()], false),
      );
    } finally {
      await a.close();
      await b.close();
    }
  };
  const editAgainstDelete = async () => {
    const session = await newAccount();
    const email = session.user.email ?? '';
    const [id = ''] = await seedNotes(backendUrl, session, 1);
    const a = await openOnNote(email, base, id);
    const b = await openOnNote(email, base, id);
    try {
      await goOffline(a.context);
      await saveBody(a.page, `${original}${aBeforeDelete}`);
      await b.page.getByRole('button', { name: 'Delete', exact: true }).click();
      await b.page.waitForURL(/\/notes$/);
      await untilPushed(b.page, session.user.id);
      await goOnline(a.context);
      return await convergedNotes(
        () => readDevices([a, b], session.user.id, id),
        settledWith([aBeforeDelete.trim()], true),
      );
    } finally {
      await a.close();
      await b.close();
    }
  };
  return { twoEdits: await twoEdits(), editAgainstDelete: await editAgainstDelete() };
}
