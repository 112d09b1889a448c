import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { openUserDatabase } from './open-user-database.ts';
import { RESENDING_KEY, resendAgainFrom, type ResendPosition } from './resending.ts';
import type { MurmurDatabase } from './schema.ts';
import { getMeta, setMeta } from './sync-meta.ts';

describe('setting the clear resend back for entries opened with the retired key (ADR 0152)', () => {
  let db: MurmurDatabase;
  const position = () => getMeta<ResendPosition>(db, RESENDING_KEY);
  const setBack = (entries: { table: string; id: string }[]) =>
    db.transaction('rw', db.sync_meta, () => resendAgainFrom(db, entries));

  beforeEach(async () => {
    db = await openUserDatabase('0000aaaa-0000-7000-8000-000000000009', {
      indexedDB: new IDBFactory(),
      IDBKeyRange,
    });
  });
  afterEach(() => db.close());

  it('starts a finished resend again at the first of their tables', async () => {
    await setBack([
      { table: 'mood_entries', id: 'm1' },
      { table: 'diary_entries', id: 'd1' },
    ]);
    expect(await position()).toEqual({ table: 'diary_entries', after: '', clear: true });
  });

  it('moves a running resend back when it has passed one of them, and leaves it when it has yet to reach them', async () => {
    await setMeta(db, RESENDING_KEY, { table: 'notes', after: 'n5', clear: true });
    await setBack([
      { table: 'notes', id: 'n7' },
      { table: 'diary_entries', id: 'd1' },
    ]);
    expect(await position()).toEqual({ table: 'notes', after: 'n5', clear: true });

    await setBack([{ table: 'notes', id: 'n3' }]);
    expect(await position()).toEqual({ table: 'notes', after: '', clear: true });

    await setMeta(db, RESENDING_KEY, { table: 'mood_entries', after: 'm5', clear: true });
    await setBack([{ table: 'notes', id: 'n9' }]);
    expect(await position()).toEqual({ table: 'notes', after: '', clear: true });
  });

  it('ignores tables the resend does not cover', async () => {
    await setBack([{ table: 'user_settings', id: 's1' }]);
    expect(await position()).toBeUndefined();
  });
});
