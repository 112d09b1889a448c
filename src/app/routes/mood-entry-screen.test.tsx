import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderAt } from '../../testing/notes-test-harness.tsx';
import { Component as MoodEntry } from './mood-entry-screen.tsx';

const route = [{ path: '/mood/entry/:date?', element: <MoodEntry /> }];

describe('the mood check-in address', () => {
  it('says a date that is not a day is not one, instead of checking in for today', async () => {
    await renderAt('/mood/entry/not-a-date', route);
    expect(await screen.findByText(/“not-a-date” is not a day/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check in for today' }).getAttribute('href')).toBe('/mood/entry');
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('says a day still to come has not come yet', async () => {
    await renderAt('/mood/entry/2999-01-01', route);
    expect(await screen.findByText(/has not come yet/)).toBeTruthy();
  });
});
