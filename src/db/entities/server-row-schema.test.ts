import { describe, expect, it } from 'vitest';

import { sealedLength } from './sealed-value.ts';
import { serverRowSchema } from './server-row-schema.ts';

const note = {
  id: '0190d4c2-7a1e-7000-8000-000000000001',
  title: 'Heron',
  body: 'At the weir.',
  font: 'Lora',
  color: '#FFF7D1',
  font_size: 20,
  pinned: false,
  locked: false,
  tags: ['birds'],
  created_at: '2026-12-01T08:00:00.000Z',
  deleted_at: null,
};
const sealed = (length: number) => `mx1.${'A'.repeat(length - 4)}`;

describe('a row as the server may hold it', () => {
  it('takes each protected field clear or sealed, up to the sealed length of its longest clear value', () => {
    const schema = serverRowSchema('notes');
    expect(schema.safeParse(note).success).toBe(true);
    const longestTitle = sealedLength(6 * 500 + 2);
    expect(schema.safeParse({ ...note, title: sealed(longestTitle), tags: sealed(100) }).success).toBe(true);
    expect(schema.safeParse({ ...note, title: sealed(longestTitle + 1) }).success).toBe(false);
  });

  it('keeps every other field as strict as the entity’s own schema, unknown fields included', () => {
    const schema = serverRowSchema('notes');
    expect(schema.safeParse({ ...note, color: sealed(12) }).success).toBe(false);
    expect(schema.safeParse({ ...note, tags: 'mx1.not*base64' }).success).toBe(false);
    expect(schema.safeParse({ ...note, extra: 'field' }).success).toBe(false);
    const conflict = serverRowSchema('conflicts');
    expect(
      conflict.safeParse({
        id: note.id,
        table_name: 'notes',
        row_id: note.id,
        field: 'body',
        kind: 'lww_lost',
        losing_value: sealed(80),
        losing_hlc: '',
        winning_hlc: '',
        reason: '',
        created_at: note.created_at,
        resolved_at: null,
        base_value: sealed(2_000_000),
      }).success,
    ).toBe(true);
  });
});
