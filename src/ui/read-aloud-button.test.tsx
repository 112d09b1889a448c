import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';

import { createI18n } from '../lib/i18n/i18n.ts';
import {
  installFakeSpeechSynthesis,
  type FakeSpeechSynthesis,
} from '../testing/speech/install-fake-speech-synthesis.ts';
import { ReadAloudButton } from './read-aloud-button.tsx';

describe('read-aloud button', () => {
  let speech: FakeSpeechSynthesis | undefined;

  const show = async (ui: ReactNode) => {
    const i18n = await createI18n();
    const view = render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
    return {
      ...view,
      rerender: (next: ReactNode) => view.rerender(<I18nextProvider i18n={i18n}>{next}</I18nextProvider>),
    };
  };

  it('reads the text in the given language, pressed until the voice reaches the end', async () => {
    speech = installFakeSpeechSynthesis();
    await show(<ReadAloudButton text="Lake. Cold and clear." lang="de-DE" />);
    const button = screen.getByRole('button', { name: 'Read aloud' });
    expect(button.getAttribute('aria-pressed')).toBe('false');

    await userEvent.click(button);
    expect(speech.spoken.map(({ text, lang }) => ({ text, lang }))).toEqual([
      { text: 'Lake. Cold and clear.', lang: 'de-DE' },
    ]);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.textContent).toBe('Stop reading');

    act(() => speech?.finish());
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.textContent).toBe('Read aloud');
  });

  it('a second press stops the voice', async () => {
    speech = installFakeSpeechSynthesis();
    await show(<ReadAloudButton text="Lake" lang="en-US" />);
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    const cancelsWhileReading = speech.cancels;

    await userEvent.click(screen.getByRole('button', { name: 'Stop reading', pressed: true }));
    expect(speech.cancels).toBe(cancelsWhileReading + 1);
    expect(speech.current).toBeNull();
    expect(screen.getByRole('button', { name: 'Read aloud' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('the late “interrupted” of a stopped reading does not un-press the next one', async () => {
    speech = installFakeSpeechSynthesis();
    await show(<ReadAloudButton text="Lake" lang="en-US" />);
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    // Stop and start again at once (fireEvent waits for no timer): the browser reports the first
    // reading's interruption only after the second began.
    fireEvent.click(screen.getByRole('button', { name: 'Stop reading' }));
    fireEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(speech.current?.text).toBe('Lake');
    expect(screen.getByRole('button', { name: 'Stop reading' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('one voice at a time: starting another reading stops the first, whose button un-presses', async () => {
    speech = installFakeSpeechSynthesis();
    await show(
      <>
        <ReadAloudButton text="First check-in" lang="en-US" subject="Good at 9:00 AM" />
        <ReadAloudButton text="Second check-in" lang="en-US" subject="Bad at 6:00 PM" />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud: Good at 9:00 AM' }));
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud: Bad at 6:00 PM' }));
    expect(speech.current?.text).toBe('Second check-in');
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Read aloud: Good at 9:00 AM' }).getAttribute('aria-pressed'),
      ).toBe('false'),
    );
    expect(
      screen.getByRole('button', { name: 'Stop reading: Bad at 6:00 PM' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('leaving stops its own reading; a button that was not reading leaves another one reading', async () => {
    speech = installFakeSpeechSynthesis();
    const one = <ReadAloudButton key="one" text="First" lang="en-US" subject="one" />;
    const two = <ReadAloudButton key="two" text="Second" lang="en-US" subject="two" />;
    const view = await show([one, two]);
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud: two' }));
    const cancelsWhileReading = speech.cancels;

    view.rerender([two]);
    expect(speech.cancels).toBe(cancelsWhileReading);
    expect(speech.current?.text).toBe('Second');

    view.rerender([]);
    expect(speech.cancels).toBe(cancelsWhileReading + 1);
    expect(speech.current).toBeNull();
  });

  it('hides itself where the browser cannot speak', async () => {
    speech = installFakeSpeechSynthesis({ available: false });
    await show(<ReadAloudButton text="Lake" lang="en-US" />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('hides itself when there is nothing to read, and stops reading when the text is cleared', async () => {
    speech = installFakeSpeechSynthesis();
    const view = await show(<ReadAloudButton text="  " lang="en-US" />);
    expect(screen.queryByRole('button')).toBeNull();

    view.rerender(<ReadAloudButton text="Lake" lang="en-US" />);
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    view.rerender(<ReadAloudButton text="" lang="en-US" />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(speech.current).toBeNull();
  });
});
