import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';

import { forgetJournalKey, heldJournalKey, holdJournalKey } from './journal-key.ts';
import { openUserDatabase } from './open-user-database.ts';

describe('the journal key a device holds', () => {
  it('is kept for another connection to the database (the sync worker) and can be forgotten', async () => {
    const env = { indexedDB: new IDBFactory(), IDBKeyRange };
    const tab = await openUserDatabase('ann', env);
    const worker = await openUserDatabase('ann', env);
    expect(await heldJournalKey(worker)).toBeNull();

    const key = await globalThis.crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, [
      'encrypt',
      'decrypt',
    ]);
    await holdJournalKey(tab, key);
    const held = await heldJournalKey(worker);
    if (!held) throw new Error('the worker sees the key the tab stored');
    // The stored key is the same key: what one side seals, the other opens.
    const iv = new Uint8Array(12);
    const sealed = await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new Uint8Array([7]));
    const opened = await globalThis.crypto.subtle.decrypt({ name: 'AES-GCM', iv }, held, sealed);
    expect([...new Uint8Array(opened)]).toEqual([7]);

    await forgetJournalKey(tab);
    expect(await heldJournalKey(worker)).toBeNull();
    tab.close();
    worker.close();
  });
});
