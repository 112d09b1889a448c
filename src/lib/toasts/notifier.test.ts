import { describe, expect, it } from 'vitest';

import { createNotifier, TOAST_DEBOUNCE_MS, type ToastCategory } from './notifier.ts';

function setup(enabled = true) {
  let time = 0;
  const shown: string[] = [];
  const notifier = createNotifier({
    now: () => time,
    show: (request) => shown.push(`${request.title}@${time}/${request.durationMs}`),
    isEnabled: () => enabled,
  });
  return { notifier, shown, advance: (ms: number) => (time += ms) };
}

describe('toast debounce', () => {
  it.each(Object.entries(TOAST_DEBOUNCE_MS) as [ToastCategory, number][])(
    'shows one %s toast per %i ms window',
    (category, windowMs) => {
      const { notifier, shown, advance } = setup();
      expect(notifier.notify({ kind: 'info', title: 'a', category })).toBe(true);
      advance(windowMs - 1);
      expect(notifier.notify({ kind: 'info', title: 'b', category })).toBe(false);
      advance(1);
      expect(notifier.notify({ kind: 'info', title: 'c', category })).toBe(true);
      expect(shown).toEqual(['a@0/4000', `c@${windowMs}/4000`]);
    },
  );

  it('has the windows of the spec', () => {
    expect(TOAST_DEBOUNCE_MS).toEqual({ permission: 3000, recording: 1000, error: 2000, default: 1000 });
  });

  it('debounces categories independently', () => {
    const { notifier, shown } = setup();
    notifier.notify({ kind: 'info', title: 'rec', category: 'recording' });
    notifier.notify({ kind: 'warning', title: 'perm', category: 'permission' });
    notifier.notify({ kind: 'error', title: 'err' });
    notifier.notify({ kind: 'error', title: 'err again' });
    expect(shown).toEqual(['rec@0/4000', 'perm@0/4000', 'err@0/4000']);
  });

  it('shows nothing when notifications are off', () => {
    const { notifier, shown } = setup(false);
    expect(notifier.notify({ kind: 'success', title: 'saved' })).toBe(false);
    expect(shown).toEqual([]);
  });

  it('keeps an explicit duration', () => {
    const { notifier, shown } = setup();
    notifier.notify({ kind: 'error', title: 'Logout Error', durationMs: 6000 });
    expect(shown).toEqual(['Logout Error@0/6000']);
  });

  it('never swallows an essential toast such as Undo, even right after another or with notifications off', () => {
    const undo = { label: 'Undo', onClick: () => undefined };
    const { notifier, shown } = setup();
    notifier.notify({ kind: 'success', title: 'Check-in updated' });
    expect(
      notifier.notify({ kind: 'success', title: 'Check-in deleted', action: undo, essential: true }),
    ).toBe(true);
    const quiet = setup(false);
    expect(
      quiet.notifier.notify({ kind: 'success', title: 'Note deleted', action: undo, essential: true }),
    ).toBe(true);
    expect(shown).toEqual(['Check-in updated@0/4000', 'Check-in deleted@0/4000']);
    expect(quiet.shown).toEqual(['Note deleted@0/4000']);
  });

  it('still debounces a toast whose action is only a shortcut, like Sign In', () => {
    const { notifier, shown } = setup();
    const signIn = { label: 'Sign In', onClick: () => undefined };
    notifier.notify({ kind: 'error', title: 'Sign in required', action: signIn });
    expect(notifier.notify({ kind: 'error', title: 'Sign in required', action: signIn })).toBe(false);
    expect(shown).toEqual(['Sign in required@0/4000']);
  });
});
