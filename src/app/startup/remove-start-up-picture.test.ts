import { afterEach, describe, expect, it } from 'vitest';

import { removeStartUpPicture, START_UP_PICTURE_KEY } from './remove-start-up-picture.ts';

describe('removeStartUpPicture', () => {
  afterEach(() => localStorage.clear());

  it('removes the picture of the last screen an earlier release stored, and nothing else', () => {
    localStorage.setItem(START_UP_PICTURE_KEY, JSON.stringify({ html: '<p>Dear diary</p>' }));
    localStorage.setItem('murmur-theme', 'dark');
    removeStartUpPicture();
    expect(localStorage.getItem('murmur-first-paint')).toBeNull();
    expect(localStorage.getItem('murmur-theme')).toBe('dark');
  });
});
