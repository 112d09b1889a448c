import { describe, expect, it } from 'vitest';

import { passwordStrength } from './password-strength.ts';

describe('password strength', () => {
  it.each([
    ['', 'tooShort'],
    ['Ab1!xyz', 'tooShort'],
    ['password123', 'weak'],
    ['aaaaaaaaaa', 'weak'],
    ['abcdefghij', 'weak'],
    ['tulips and', 'fair'],
    ['tulips42', 'fair'],
    ['tulipsandtea', 'fair'],
    ['Tulips&tea42', 'strong'],
    ['correct horse battery', 'strong'],
  ])('%s is %s', (password, strength) => {
    expect(passwordStrength(password)).toBe(strength);
  });
});
