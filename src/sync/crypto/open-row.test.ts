import { describe, expect, it } from 'vitest';

import { JournalDecryptionError } from './crypto-errors.ts';
import { encryptField } from './encrypt-field.ts';
import { isEncryptedValue } from './encrypted-value.ts';
import { generateDataKey } from './generate-data-key.ts';
import { journalCipher } from './journal-cipher.ts';
import { openRow } from './open-row.ts';
import { sealKeptValues } from './seal-kept-values.ts';
import { sealPatch } from './seal-patch.ts';

const NOTE = '0190d4c2-7a1e-7000-8000-00000000000a';
const OTHER_NOTE = '0190d4c2-7a1e-7000-8000-00000000000b';
const MOOD = '0190d4c2-7a1e-7000-8000-00000000000c';
const CONFLICT = '0190d4c2-7a1e-7000-8000-00000000000d';

const note = {
  id: NOTE,
  title: 'Heron at the weir',
  body: 'The heron stood in the marmalade light.',
  tags: ['walks', 'birds'],
  font: 'Lora',
  pinned: true,
  created_at: '2026-12-01T08:00:00.000Z',
  deleted_at: null,
};

describe('a change sealed for the server and a row opened from it (ADR 0151)', () => {
  it('seals exactly what a person wrote and opens it back to the same row', async () => {
    const key = await generateDataKey();
    const sealed = await sealPatch(key, 'notes', NOTE, note);

    for (const field of ['title', 'body', 'tags']) expect(isEncryptedValue(sealed[field]), field).toBe(true);
    expect(JSON.stringify(sealed)).not.toMatch(/heron|marmalade|walks|birds/i);
    // What the server needs to sync, order and serve stays as it was.
    for (const field of ['id', 'font', 'pinned', 'created_at', 'deleted_at'])
      expect(sealed[field], field).toEqual(note[field as keyof typeof note]);

    expect(await openRow(key, 'notes', NOTE, sealed)).toEqual(note);
  });

  it('seals only the fields a patch carries, and leaves an emptied field empty', async () => {
    const key = await generateDataKey();
    const mood = await sealPatch(key, 'mood_entries', MOOD, { note: 'Tired but calm', level: 3 });
    expect(Object.keys(mood).sort()).toEqual(['level', 'note']);
    expect(mood['level']).toBe(3);
    expect(isEncryptedValue(mood['note'])).toBe(true);

    const cleared = await sealPatch(key, 'conflicts', CONFLICT, { losing_value: null, base_value: null });
    expect(cleared).toEqual({ losing_value: null, base_value: null });
    await expect(sealPatch(key, 'conflicts', CONFLICT, { losing_value: 'words' })).rejects.toThrow(
      /sealed with its conflict's address/,
    );
  });

  it('opens a row written before the journal was encrypted as it is', async () => {
    const key = await generateDataKey();
    expect(await openRow(key, 'notes', NOTE, note)).toEqual(note);
  });

  it('refuses a row whose value was altered, moved from another entry or sealed under another key', async () => {
    const key = await generateDataKey();
    const sealed = await sealPatch(key, 'notes', NOTE, note);
    const body = String(sealed['body']);
    const flipped = body.slice(0, -2) + (body.at(-2) === 'A' ? 'B' : 'A') + body.at(-1);

    await expect(openRow(key, 'notes', NOTE, { ...sealed, body: flipped })).rejects.toBeInstanceOf(
      JournalDecryptionError,
    );
    await expect(openRow(key, 'notes', OTHER_NOTE, sealed)).rejects.toBeInstanceOf(JournalDecryptionError);
    await expect(openRow(key, 'notes', NOTE, { ...sealed, body: sealed['title'] })).rejects.toBeInstanceOf(
      JournalDecryptionError,
    );
    await expect(openRow(await generateDataKey(), 'notes', NOTE, sealed)).rejects.toBeInstanceOf(
      JournalDecryptionError,
    );
  });

  it('opens a kept version with the address of the words it kept, not the conflict’s own', async () => {
    const key = await generateDataKey();
    const address = { table: 'notes', id: NOTE, field: 'body' };
    const conflict = {
      id: CONFLICT,
      table_name: 'notes',
      row_id: NOTE,
      field: 'body',
      kind: 'lww_lost',
      losing_value: await encryptField(key, address, 'The version that lost'),
      base_value: await encryptField(key, address, 'Where both began'),
      reason: '',
    };
    expect(await openRow(key, 'conflicts', CONFLICT, conflict)).toMatchObject({
      losing_value: 'The version that lost',
      base_value: 'Where both began',
    });

    const rejected = {
      ...conflict,
      field: null,
      kind: 'rejected',
      losing_value: await sealPatch(key, 'notes', NOTE, { title: 'Too long a title', pinned: false }),
      base_value: null,
    };
    expect(await openRow(key, 'conflicts', CONFLICT, rejected)).toMatchObject({
      losing_value: { title: 'Too long a title', pinned: false },
      base_value: null,
    });

    // A kept value sealed for another entry does not open as this one's.
    const moved = { ...conflict, row_id: OTHER_NOTE };
    await expect(openRow(key, 'conflicts', CONFLICT, moved)).rejects.toBeInstanceOf(JournalDecryptionError);
  });

  it("[R48] seals a conflict's resent kept values as the server keeps them, so they open the same way", async () => {
    const key = await generateDataKey();
    const kept = { table_name: 'notes', row_id: NOTE, field: 'body' };
    const conflict = { id: CONFLICT, ...kept, kind: 'lww_lost', reason: '', resolved_at: null };
    const resent = { losing_value: 'The version that lost', base_value: 'Where both began' };
    const sealed = await sealKeptValues(key, kept, resent);
    expect(isEncryptedValue(sealed['losing_value']) && isEncryptedValue(sealed['base_value'])).toBe(true);
    expect(await openRow(key, 'conflicts', CONFLICT, { ...conflict, ...sealed })).toMatchObject(resent);
    expect(await sealKeptValues(key, kept, { losing_value: null, resolved_at: null })).toEqual({
      losing_value: null,
      resolved_at: null,
    });

    // A rejected change kept whole: each protected field for its own address, the rest as it was.
    const rejected = { ...kept, field: null };
    const change = { losing_value: { title: 'Too long a title', pinned: false } };
    const sealedChange = await sealKeptValues(key, rejected, change);
    const sealedTitle = (sealedChange['losing_value'] as Record<string, unknown>)['title'];
    expect(isEncryptedValue(sealedTitle)).toBe(true);
    expect(
      await openRow(key, 'conflicts', CONFLICT, { ...conflict, ...rejected, ...sealedChange }),
    ).toMatchObject(change);

    // The cipher looks the conflict up on the device; one it cannot find is not sent.
    const mutation = {
      seq: 1,
      mutation_id: 'm',
      table: 'conflicts',
      id: CONFLICT,
      patch: resent,
      hlc: {},
      base: {},
    };
    const cipher = journalCipher(key, (id) => Promise.resolve(id === CONFLICT ? kept : undefined));
    const pushed = await cipher.sealMutation(mutation);
    expect(await openRow(key, 'conflicts', CONFLICT, { ...conflict, ...pushed.patch })).toMatchObject(resent);
    await expect(journalCipher(key).sealMutation(mutation)).rejects.toThrow(/not on this device/);
  });
});
