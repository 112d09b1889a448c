import { describe, expect, it } from 'vitest';

import { safeParseServerRow, serverRowSchema } from './protocol.ts';

const HLC = '001795952815182-000000-1c9f7fed49504a478d93281e1dad96b1';
const row = { table: 'notes', id: 'n1', version: 7, data: { id: 'n1', title: 'Rain' }, hlc: HLC };

describe('safeParseServerRow (R4)', () => {
  it.each([
    ['a row with one HLC', row],
    ['a row with an HLC map', { ...row, hlc: { id: HLC, title: '' } }],
    ['the zero HLC', { ...row, hlc: '' }],
    ['the largest safe version', { ...row, version: Number.MAX_SAFE_INTEGER }],
    ['a table name of 40 characters', { ...row, table: 't'.repeat(40) }],
    ['an id of 64 characters', { ...row, id: 'i'.repeat(64) }],
    ['a version that is not whole', { ...row, version: 1.5 }],
    ['version 0', { ...row, version: 0 }],
    ['a version past the safe integers', { ...row, version: 2 ** 53 }],
    ['a version that is a string', { ...row, version: '7' }],
    ['an empty table name', { ...row, table: '' }],
    ['a table name of 41 characters', { ...row, table: 't'.repeat(41) }],
    ['an id of 65 characters', { ...row, id: 'i'.repeat(65) }],
    ['a key more', { ...row, author: 'someone' }],
    ['a key less', { table: row.table, id: row.id, version: row.version, data: row.data }],
    ['data that is a list', { ...row, data: [] }],
    ['null data', { ...row, data: null }],
    ['an HLC of 81 characters', { ...row, hlc: 'x'.repeat(81) }],
    ['an HLC map with a number', { ...row, hlc: { id: 1 } }],
    ['HLCs that are a list', { ...row, hlc: [HLC] }],
    ['null HLCs', { ...row, hlc: null }],
    ['a row that is null', null],
    ['a row that is a list', [row]],
  ])('agrees with serverRowSchema on %s', (_, raw) => {
    const fast = safeParseServerRow(raw);
    const zod = serverRowSchema.safeParse(raw);
    expect(fast.success).toBe(zod.success);
    expect(fast.data).toEqual(zod.data);
  });

  it('gives a row sent with one HLC that HLC on every field of its data', () => {
    expect(safeParseServerRow(row).data?.hlc).toEqual({ id: HLC, title: HLC });
  });
});
