import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';

import { openUserDatabase } from '../../db/open-user-database.ts';
import type { AuthPort } from '../../sync/ports.ts';
import { askFirstPagesEarly } from './ask-first-pages-early.ts';

const ANN = '0000aaaa-0000-7000-8000-000000000001';

function signedIn(userId: string | null): AuthPort {
  return {
    current: () => (userId ? { userId, accessToken: `token-of-${userId}` } : null),
    refresh: () => Promise.resolve(),
    subscribe: () => () => undefined,
  };
}

describe('askFirstPagesEarly', () => {
  it('starts the sync runner on a device with no database for the user', async () => {
    const runner = await askFirstPagesEarly(ANN, signedIn(ANN), new IDBFactory());
    expect(runner).not.toBeNull();
    runner?.close();
  });

  it('leaves a device that has synced this journal before to the engine', async () => {
    const indexedDB = new IDBFactory();
    (await openUserDatabase(ANN, { indexedDB, IDBKeyRange })).close();
    expect(await askFirstPagesEarly(ANN, signedIn(ANN), indexedDB)).toBeNull();
  });

  it('asks nothing without a session of this user', async () => {
    expect(await askFirstPagesEarly(ANN, signedIn(null), new IDBFactory())).toBeNull();
    expect(
      await askFirstPagesEarly(ANN, signedIn('0000bbbb-0000-7000-8000-000000000002'), new IDBFactory()),
    ).toBeNull();
  });
});
