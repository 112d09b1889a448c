import { describe, expect, it } from 'vitest';

import { MalformedResponseError } from './errors.ts';
import { validatePulledRows } from './fetch-pull-page.ts';
import { compactHlcs } from './protocol.ts';

const HLC = '001795952815182-000000-1c9f7fed49504a478d93281e1dad96b1';
const ID = '0000aaaa-0000-7000-8000-00000000n001';

function pulledNote(change: Record<string, unknown> = {}) {
  const data = {
    id: ID,
    title: 'Rain',
    body: 'All day.',
    font: 'Inter',
    color: '#FFF7D1',
    font_size: 18,
    pinned: false,
    locked: false,
    tags: ['morning'],
    created_at: '2026-11-29T07:00:00.000Z',
    deleted_at: null,
  };
  const hlc = Object.fromEntries(Object.keys(data).map((field) => [field, HLC]));
  return { table: 'notes', id: ID, version: 7, data, hlc, ...change };
}

describe('validatePulledRows (R4, R13)', () => {
  it('passes a sound row as it came, and a row of a table this client does not know', () => {
    const note = pulledNote();
    const future = { table: 'voice_memos', id: 'm1', version: 8, data: { id: 'm1' }, hlc: { id: HLC } };
    expect(validatePulledRows([note, future])).toEqual([note, future]);
  });

  it.each([
    ['data that is no object', { data: ['Rain'] }],
    ['null data', { data: null }],
    ['an HLC that is no string', { hlc: { title: 17 } }],
    ['an HLC longer than 80 characters', { hlc: { title: 'x'.repeat(81) } }],
    ['HLCs that are a list', { hlc: [HLC] }],
    ['no HLCs', { hlc: null }],
    ['one HLC longer than 80 characters', { hlc: 'x'.repeat(81) }],
    ['one HLC that is a number', { hlc: 17 }],
    ['a field the row does not have', { author: 'someone' }],
    ['data that fails its table', { data: { ...pulledNote().data, font_size: 'huge' } }],
    ['data of another row', { id: 'another' }],
  ])('refuses a row with %s', (_, change) => {
    expect(() => validatePulledRows([pulledNote(change)])).toThrow(MalformedResponseError);
  });

  it('gives a row whose HLCs came as one string that HLC for every field of its data (R4)', () => {
    const note = pulledNote();
    expect(validatePulledRows([{ ...note, hlc: HLC }])).toEqual([note]);
    const future = { table: 'voice_memos', id: 'm1', version: 8, data: { id: 'm1', words: 3 }, hlc: HLC };
    expect(validatePulledRows([future])).toEqual([{ ...future, hlc: { id: HLC, words: HLC } }]);
  });

  it('refuses a row of an unknown table whose data or HLCs are malformed', () => {
    const future = { table: 'voice_memos', id: 'm1', version: 8, data: 'm1', hlc: { id: HLC } };
    expect(() => validatePulledRows([future])).toThrow(MalformedResponseError);
    expect(() => validatePulledRows([{ ...future, data: {}, hlc: { id: 1 } }])).toThrow(
      MalformedResponseError,
    );
  });
});

describe('compactHlcs (R4, the server model)', () => {
  const data = { id: 'n1', title: 'Rain', body: 'All day.' };
  const other = '001795952815183-000000-1c9f7fed49504a478d93281e1dad96b1';

  it('sends one string only where every field of the data, and nothing else, has the same HLC', () => {
    expect(compactHlcs(data, { id: HLC, title: HLC, body: HLC })).toBe(HLC);
    const edited = { id: HLC, title: other, body: HLC };
    expect(compactHlcs(data, edited)).toBe(edited);
    const unstamped = { id: HLC, title: HLC };
    expect(compactHlcs(data, unstamped)).toBe(unstamped);
    const extra = { id: HLC, title: HLC, body: HLC, author: HLC };
    expect(compactHlcs(data, extra)).toBe(extra);
    expect(compactHlcs({}, {})).toEqual({});
  });

  it('round-trips through a pulled row’s check', () => {
    const maps: Record<string, string>[] = [
      { id: HLC, title: HLC, body: HLC },
      { id: HLC, title: other, body: HLC },
      { id: HLC },
    ];
    for (const hlc of maps) {
      const row = { table: 'voice_memos', id: 'n1', version: 3, data, hlc: compactHlcs(data, hlc) };
      expect(validatePulledRows([row])[0]?.hlc).toEqual(hlc);
    }
  });
});
