import { describe, expect, it } from 'vitest';

import { decryptField } from './decrypt-field.ts';
import { isEncryptedValue } from './encrypted-value.ts';
import { generateDataKey } from './generate-data-key.ts';
import { journalCipher } from './journal-cipher.ts';

const NOTE = '0190d4c2-7a1e-7000-8000-00000000000a';
const mutation = {
  seq: 7,
  mutation_id: '0190d4c2-7a1e-7000-8000-0000000000ff',
  table: 'notes',
  id: NOTE,
  patch: { body: 'Rain, then the heron.', pinned: true },
  hlc: { body: '001796268428378-000000-01a239f0fedc7aa2bfe2fe0688ac320e' },
  base: { body: '' },
  base_text: { body: 'Rain.' },
};

describe('the journal cipher at the sync boundary', () => {
  it('seals a change’s words and the base text it carries for the field’s own address, nothing else', async () => {
    const key = await generateDataKey();
    const sealed = await journalCipher(key).sealMutation(mutation);
    expect(sealed).toMatchObject({ seq: 7, hlc: mutation.hlc, base: mutation.base, patch: { pinned: true } });
    expect(isEncryptedValue(sealed.patch['body'])).toBe(true);
    const base = String(sealed.base_text?.['body']);
    expect(await decryptField(key, { table: 'notes', id: NOTE, field: 'body' }, base)).toBe('Rain.');
    expect(JSON.stringify(sealed)).not.toMatch(/heron|Rain/);
    // The outbox's change is left as it was: a refused change is kept as the device wrote it.
    expect(mutation.patch.body).toBe('Rain, then the heron.');
  });

  it('opens rows of known tables and leaves anything else for the page’s checks to refuse', async () => {
    const cipher = journalCipher(await generateDataKey());
    const sealed = await cipher.sealMutation(mutation);
    const row = { table: 'notes', id: NOTE, version: 3, data: { id: NOTE, ...sealed.patch }, hlc: {} };
    const strange = { table: 'postcards', id: 'x', version: 4, data: { words: 'mx1.AAAA' } };
    const [opened, untouched, broken] = await cipher.openRows([row, strange, 'not a row']);
    expect(opened).toMatchObject({ data: { body: 'Rain, then the heron.', pinned: true } });
    expect(untouched).toEqual(strange);
    expect(broken).toBe('not a row');
  });
});
