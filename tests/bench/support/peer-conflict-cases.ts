import type { Page } from '@playwright/test';

import type { StoredSession } from '../../e2e/support/session.ts';
import type { DeviceNote } from './conflict-outcome.ts';
import { CONFLICT_WORDS } from './conflict-words.ts';
import { convergedNotes } from './converged-notes.ts';
import type { Device } from './open-device.ts';
import { openPeerDevice, type PeerSettings } from './open-peer-device.ts';
import { PEER_STORE } from './peer-store.ts';
import type { PeerWindow } from './rxdb-peer-page.ts';
import { storedRecord } from './stored-record.ts';
import { withTimeout } from './with-timeout.ts';

const { original, aAppends, bPrepends, aBeforeDelete } = CONFLICT_WORDS;

function saveBody(page: Page, id: string, body: string): Promise<number> {
  return page.evaluate(
    async ([noteId, text]) => (await (window as unknown as PeerWindow).peer).saveBody(noteId, text),
    [id, body] as const,
  );
}

function inSync(device: Device): Promise<void> {
  return withTimeout(
    device.page.evaluate(async () => (await (window as unknown as PeerWindow).peer).inSync()),
    'getting in sync',
  );
}

/** The note as the device's IndexedDB holds it; RxDB keeps no losing version beside it. */
async function readNote(page: Page, id: string): Promise<DeviceNote> {
  const record = await storedRecord(page, PEER_STORE.database, PEER_STORE.store, id);
  // RxDB's Dexie storage stores an indexed boolean as '1' or '0'.
  const deleted = record?.['_deleted'] === true || record?.['_deleted'] === '1';
  return { body: typeof record?.['body'] === 'string' ? record['body'] : '', deleted, keptAside: [] };
}

/** Done when nothing is pending and both devices hold the same note. */
function agree(notes: readonly DeviceNote[], pending: number): boolean {
  return pending === 0 && notes.every((n) => n.body === notes[0]?.body && n.deleted === notes[0].deleted);
}

/**
 * The same two conflict cases as murmurConflictCases, in the same order, for the peer with RxDB's
 * default conflict handler (none is given, so the server's state wins a conflict): two devices of the
 * account each run the peer page, taken offline by the browser's offline mode (the peer runs in the
 * page, so it covers all its requests; Murmur's devices also refuse the backend's requests, for their
 * sync worker). RxDB resolves a conflict within the push that meets it, so once both devices
 * are in sync and agree nothing more happens.
 */
export async function peerConflictCases(
  base: string,
  backendUrl: string,
  seededAccount: () => Promise<StoredSession>,
  log: (line: string) => void,
): Promise<{ twoEdits: DeviceNote[]; editAgainstDelete: DeviceNote[] }> {
  const settings: PeerSettings = { label: 'RxDB, default batches' };
  const pair = async (session: StoredSession) => {
    const a = await openPeerDevice(session, base, settings, backendUrl, log);
    const b = await openPeerDevice(session, base, settings, backendUrl, log);
    const id = await a.device.page.evaluate(async () =>
      (await (window as unknown as PeerWindow).peer).firstId(),
    );
    return { a: a.device, b: b.device, id };
  };
  const converged = (a: Device, b: Device, id: string) =>
    convergedNotes(async () => {
      await Promise.all([inSync(a), inSync(b)]);
      return { notes: [await readNote(a.page, id), await readNote(b.page, id)], pending: 0 };
    }, agree);
  const twoEdits = async () => {
    const { a, b, id } = await pair(await seededAccount());
    try {
      await a.context.setOffline(true);
      await b.context.setOffline(true);
      await saveBody(a.page, id, `${original}${aAppends}`);
      await saveBody(b.page, id, `${bPrepends}${original}`);
      await b.context.setOffline(false);
      await inSync(b);
      await a.context.setOffline(false);
      return await converged(a, b, id);
    } finally {
      await a.close();
      await b.close();
    }
  };
  const editAgainstDelete = async () => {
    const { a, b, id } = await pair(await seededAccount());
    try {
      await a.context.setOffline(true);
      await saveBody(a.page, id, `${original}${aBeforeDelete}`);
      await b.page.evaluate(
        async (noteId) => (await (window as unknown as PeerWindow).peer).deleteNote(noteId),
        id,
      );
      await inSync(b);
      await a.context.setOffline(false);
      return await converged(a, b, id);
    } finally {
      await a.close();
      await b.close();
    }
  };
  return { twoEdits: await twoEdits(), editAgainstDelete: await editAgainstDelete() };
}
