import { describe, expect, it } from 'vitest';

import { EditBase } from './edit-base.ts';

const H1 = '000000000001000-000000-' + 'a'.repeat(32);
const H2 = '000000000002000-000000-' + 'b'.repeat(32);
const H3 = '000000000003000-000000-' + 'a'.repeat(32);

describe('EditBase [R37]', () => {
  it('bases a save on the stored version the editor showed while the person types', () => {
    const base = new EditBase({ body: { value: 'one', hlc: H1 } });
    // Another device's value is stored while the person types: the editor keeps their words...
    expect(base.follow({ body: { value: 'two', hlc: H2 } }, { body: 'one and more' }, true).show).toEqual({});
    // ...and the save is planned against what they saw, not against what is stored by then.
    expect(base.seen(['body'])).toEqual({ body: { value: 'one', hlc: H1 } });
  });

  it('shows a newer stored value when the person has no unsaved words, and says so', () => {
    const base = new EditBase({ body: { value: 'one', hlc: H1 } });
    expect(base.follow({ body: { value: 'two', hlc: H2 } }, { body: 'one' }, false)).toEqual({
      show: { body: 'two' },
      changedElsewhere: true,
    });
    expect(base.seen(['body'])).toEqual({ body: { value: 'two', hlc: H2 } });
  });

  it('ignores a stored row read before its own last save', () => {
    const base = new EditBase({ body: { value: 'one', hlc: H1 } });
    base.afterSave({ body: 'one two' }, { body: { value: 'one two', hlc: H3 } }, { body: 'one two' });
    expect(base.follow({ body: { value: 'one', hlc: H1 } }, { body: 'one two' }, false).show).toEqual({});
    expect(base.seen(['body'])).toEqual({ body: { value: 'one two', hlc: H3 } });
  });

  it('takes what a save wrote as the base, so words typed during the save are not a conflict', () => {
    const base = new EditBase({ body: { value: '', hlc: H1 } });
    const after = base.afterSave(
      { body: 'Hello wor' },
      { body: { value: 'Hello wor', hlc: H3 } },
      { body: 'Hello world' },
    );
    expect(after).toEqual({ show: {}, resave: {}, changedElsewhere: false });
    expect(base.seen(['body'])).toEqual({ body: { value: 'Hello wor', hlc: H3 } });
  });

  it('merges words typed during a save onto what the save merged in, and saves the result', () => {
    const base = new EditBase({ body: { value: 'a b c', hlc: H1 } });
    // The save of "a B c" merged another device's "c" → "C"; meanwhile the person typed " d".
    const after = base.afterSave(
      { body: 'a B c' },
      { body: { value: 'a B C', hlc: H3 } },
      { body: 'a B c d' },
    );
    expect(after).toEqual({ show: { body: 'a B C d' }, resave: { body: 'a B C d' }, changedElsewhere: true });
    expect(base.seen(['body'])).toEqual({ body: { value: 'a B C', hlc: H3 } });
  });

  it('leaves a base no stored version has when words typed during a save collide with what it merged', () => {
    const base = new EditBase({ body: { value: 'a b c', hlc: H1 } });
    const after = base.afterSave(
      { body: 'a B c' },
      { body: { value: 'a B C', hlc: H3 } },
      { body: 'a B cc' },
    );
    expect(after.show).toEqual({});
    // The next save merges against the stored value again, and keeps it as a conflict if it must.
    expect(base.seen(['body'])['body']?.hlc).not.toBe(H3);
  });
});
