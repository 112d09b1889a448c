import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Language } from '../../lib/i18n/i18n.ts';
import { UserDataContext } from '../../lib/user-data/user-data-context.ts';
import { installFakeSpeechSynthesis } from '../../testing/speech/install-fake-speech-synthesis.ts';
import { openTestNotesData, openTestSettings, renderAt } from '../../testing/notes-test-harness.tsx';
import { SettingsContext } from '../settings/index.ts';
import { DAY_NOTES_SHOWN } from './day-notes.tsx';
import { MoodDay } from './mood-day.tsx';

describe('mood day', () => {
  let data: Awaited<ReturnType<typeof openTestNotesData>>;
  beforeEach(async () => {
    data = await openTestNotesData();
    // The test clock's now, 08:00 UTC, is 09:00 in the check-ins' zone (Europe/Berlin).
    await data.commands.createMoodEntry({
      level: 4,
      activities: ['work', 'family'],
      note: 'Slept well, then the lake',
    });
    await data.commands.createMoodEntry({
      level: 2,
      activities: ['sleep'],
      moment: '2026-11-22T17:00:00.000Z',
    });
  });
  afterEach(() => data.db.close());

  const open = async (language?: Language) => {
    const settings = await openTestSettings(data);
    return renderAt(
      '/mood',
      [
        {
          path: '/mood',
          element: (
            <UserDataContext.Provider value={data}>
              <SettingsContext.Provider value={settings}>
                <MoodDay day="2026-11-22" today="2026-11-22" onDayChange={() => undefined} />
              </SettingsContext.Provider>
            </UserDataContext.Provider>
          ),
        },
        { path: '/mood/entry/:day', element: <p>check-in editor</p> },
      ],
      { language },
    );
  };

  describe('notes written that day', () => {
    it(`lists the first ${DAY_NOTES_SHOWN} and shows the rest on request, taking the focus to the first shown`, async () => {
      const total = DAY_NOTES_SHOWN + 5;
      for (let i = 0; i < total; i++) await data.commands.createNote({ title: `Note ${i}` });
      await open();
      const section = await screen.findByRole('region', { name: 'Notes written that day' });
      await waitFor(() => expect(within(section).getAllByRole('link')).toHaveLength(DAY_NOTES_SHOWN));
      await userEvent.click(within(section).getByRole('button', { name: `Show all ${total} notes` }));
      expect(within(section).getAllByRole('link')).toHaveLength(total);
      expect(within(section).queryByRole('button')).toBeNull();
      expect(document.activeElement).toBe(within(section).getAllByRole('link')[DAY_NOTES_SHOWN]);
    });

    it(`has no button with ${DAY_NOTES_SHOWN} notes or fewer`, async () => {
      await data.commands.createNote({ title: 'Only one' });
      await open();
      expect(await screen.findByRole('link', { name: 'Only one' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: /^Show all/ })).toBeNull();
    });
  });

  it('shows a check-in changed elsewhere (another device, another tab) as it now is, field by field', async () => {
    await open();
    await screen.findByRole('article', { name: /^Good at/ });
    const bad = screen.getByRole('article', { name: /^Bad at/ });
    const id = (await data.db.mood_entries.toArray()).find((entry) => entry.level === 4)?.id ?? '';
    await data.commands.updateMoodEntry(id, { level: 5 });
    const changed = await screen.findByRole('article', { name: /^Great at/ });
    expect(screen.queryByRole('article', { name: /^Good at/ })).toBeNull();
    await data.commands.updateMoodEntry(id, { note: 'The lake, then a long sleep' });
    expect(await within(changed).findByText('The lake, then a long sleep')).toBeTruthy();
    await data.commands.updateMoodEntry(id, { activities: ['family', 'exercise'] });
    await waitFor(() =>
      expect(
        within(changed)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Family', 'Exercise']),
    );
    expect(screen.getByRole('article', { name: /^Bad at/ })).toBe(bad);
  });

  describe('read-aloud of a check-in', () => {
    it('reads how the user felt, what they did and their note, named after the check-in it reads', async () => {
      const speech = installFakeSpeechSynthesis();
      await open();
      const button = await screen.findByRole('button', { name: /^Read aloud: Good at 9:00\sAM$/ });
      expect(button.getAttribute('aria-pressed')).toBe('false');
      await userEvent.click(button);
      expect(speech.spoken).toHaveLength(1);
      expect(speech.spoken[0]?.lang).toBe('en-US');
      expect(speech.spoken[0]?.text).toMatch(
        /^Good at 9:00\sAM\. Activities: Work and Family\. Slept well, then the lake$/,
      );
      expect(button.getAttribute('aria-pressed')).toBe('true');
      expect(button.getAttribute('aria-label')).toMatch(/^Stop reading: Good at 9:00\sAM$/);

      await userEvent.click(button);
      expect(speech.current).toBeNull();
      expect(button.getAttribute('aria-pressed')).toBe('false');
    });

    it('speaks German to a German user', async () => {
      const speech = installFakeSpeechSynthesis();
      await open('de-DE');
      await userEvent.click(await screen.findByRole('button', { name: 'Vorlesen: Gut um 09:00' }));
      expect(speech.spoken.map(({ text, lang }) => ({ text, lang }))).toEqual([
        { text: 'Gut um 09:00. Aktivitäten: Arbeit und Familie. Slept well, then the lake', lang: 'de-DE' },
      ]);
    });

    it('is offered only on check-ins with a note', async () => {
      installFakeSpeechSynthesis();
      await open();
      expect(await screen.findByRole('article', { name: /^Bad at 6:00\sPM$/ })).toBeTruthy();
      expect(screen.getAllByRole('button', { name: /^Read aloud/ })).toHaveLength(1);
      expect(screen.queryByRole('button', { name: /^Read aloud: Bad/ })).toBeNull();
    });

    it('is not offered while the read-aloud setting is off', async () => {
      installFakeSpeechSynthesis();
      await data.commands.updateSettings({ enable_text_to_speech: false });
      await open();
      expect(await screen.findByText('Slept well, then the lake')).toBeTruthy();
      expect(screen.queryByRole('button', { name: /^Read aloud/ })).toBeNull();
    });

    it('keeps reading when another check-in is deleted, and stops when the user leaves the day', async () => {
      const speech = installFakeSpeechSynthesis();
      await open();
      await userEvent.click(await screen.findByRole('button', { name: /^Read aloud: Good/ }));
      await userEvent.click(screen.getByRole('button', { name: /^Delete the check-in Bad/ }));
      await waitFor(() => expect(screen.queryByRole('article', { name: /^Bad/ })).toBeNull());
      expect(speech.current?.text).toMatch(/Slept well, then the lake$/);

      await userEvent.click(screen.getByRole('link', { name: /^Edit the check-in Good/ }));
      expect(await screen.findByText('check-in editor')).toBeTruthy();
      // Stopped by the button's effect cleanup, which React runs after the commit that removed it.
      await waitFor(() => expect(speech.current).toBeNull());
    });
  });
});
