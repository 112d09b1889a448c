import { describe, expect, it } from 'vitest';

import { spokenText } from './spoken-text.ts';

describe('spokenText', () => {
  it('parts a title from the body with a full stop, so the voice pauses between them', () => {
    expect(spokenText(['Plans', 'Lake on Sunday'])).toBe('Plans. Lake on Sunday');
  });

  it('keeps the writer’s own ending instead of adding a second one', () => {
    expect(spokenText(['Why?', 'Because.'])).toBe('Why? Because.');
  });

  it('leaves out blank parts: an untitled note is not read as “dot”, an empty one is nothing', () => {
    expect(spokenText(['', 'Lake on Sunday'])).toBe('Lake on Sunday');
    expect(spokenText(['  ', '\n'])).toBe('');
  });
});
