import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { SettingsContext } from '../../features/settings/index.ts';
import { UserDataContext } from '../../lib/user-data/user-data-context.ts';
import { openTestNotesData, openTestSettings, renderAt } from '../../testing/notes-test-harness.tsx';
import { Component as MoodEntry } from './mood-entry-screen.tsx';

const route = [{ path: '/mood/entry/:date?', element: <MoodEntry /> }];

function DayShown() {
  const [params] = useSearchParams();
  return <p>{`The mood screen for ${params.get('day') ?? 'today'}`}</p>;
}

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

  describe('open across midnight', () => {
    let data: Awaited<ReturnType<typeof openTestNotesData>>;
    afterEach(() => {
      data.db.close();
      vi.useRealTimers();
    });

    /** The check-in screen for today, opened half a minute before midnight. */
    async function openBeforeMidnight() {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(2026, 10, 22, 23, 59, 30));
      data = await openTestNotesData();
      const settings = await openTestSettings(data);
      await renderAt('/mood/entry', [
        {
          path: '/mood/entry/:date?',
          element: (
            <UserDataContext.Provider value={data}>
              <SettingsContext.Provider value={settings}>
                <MoodEntry />
              </SettingsContext.Provider>
            </UserDataContext.Provider>
          ),
        },
        { path: '/mood', element: <DayShown /> },
      ]);
    }

    /** The clock passes midnight, and the app hears of it as when it comes back to the foreground. */
    async function passMidnight() {
      vi.setSystemTime(new Date(2026, 10, 23, 0, 0, 30));
      await act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
    }

    it('keeps a check-in begun before midnight on its day, with what was typed, and shows that day once saved', async () => {
      await openBeforeMidnight();
      await userEvent.click(await screen.findByRole('radio', { name: 'Good' }));
      await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'A late walk');
      await passMidnight();

      expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Note' }).value).toBe('A late walk');
      expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Good' }).checked).toBe(true);
      await userEvent.click(screen.getByRole('button', { name: 'Save check-in' }));
      expect(await screen.findByText('The mood screen for 2026-11-22')).toBeTruthy();
      expect(await data.db.mood_entries.toArray()).toEqual([
        expect.objectContaining({
          level: 4,
          note: 'A late walk',
          moment: new Date(2026, 10, 22, 23, 59).toISOString(),
        }),
      ]);
    });

    it('makes a form left untouched past midnight the new day’s', async () => {
      await openBeforeMidnight();
      expect(await screen.findByText('How are you feeling today?')).toBeTruthy();
      await passMidnight();

      await userEvent.click(await screen.findByRole('radio', { name: 'Good' }));
      await userEvent.click(screen.getByRole('button', { name: 'Save check-in' }));
      expect(await screen.findByText('The mood screen for today')).toBeTruthy();
      expect(await data.db.mood_entries.toArray()).toEqual([
        expect.objectContaining({ level: 4, moment: new Date(2026, 10, 23, 0, 0).toISOString() }),
      ]);
    });
  });
});
