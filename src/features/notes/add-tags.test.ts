import { describe, expect, it } from 'vitest';

import { addTags, MAX_TAG_LENGTH, MAX_TAGS } from './add-tags.ts';

describe('addTags', () => {
  it('adds a typed tag without its # and spaces', () => {
    expect(addTags(['work'], '  #home ')).toEqual(['work', 'home']);
  });

  it('never keeps a separator in a tag: a pasted "home," is the tag home', () => {
    expect(addTags([], 'home,')).toEqual(['home']);
    expect(addTags([], 'home, #work,\ngarden')).toEqual(['home', 'work', 'garden']);
  });

  it('makes each word a tag and drops the punctuation around it, keeping what is inside', () => {
    expect(addTags([], 'home. (garden); self-care!')).toEqual(['home', 'garden', 'self-care']);
    expect(addTags([], 'Home work\tlist')).toEqual(['Home', 'work', 'list']);
    expect(addTags([], '#café…')).toEqual(['café']);
  });

  it('adds a tag once, whatever its case', () => {
    expect(addTags(['Home'], 'home, HOME')).toEqual(['Home']);
  });

  it('says why nothing was added', () => {
    expect(addTags([], ' , # ,.!')).toBe('empty');
    expect(addTags([], `ok, ${'x'.repeat(MAX_TAG_LENGTH + 1)}`)).toBe('long');
    const full = Array.from({ length: MAX_TAGS }, (_, index) => `tag${index}`);
    expect(addTags(full, 'one')).toBe('full');
  });
});
