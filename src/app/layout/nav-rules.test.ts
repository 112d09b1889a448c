import { describe, expect, it } from 'vitest';

import {
  INITIAL_SCROLL_STATE,
  isTabActive,
  NAV_TABS,
  navMode,
  nextScrollState,
  type NavTab,
} from './nav-rules.ts';

const tab = (id: NavTab['id']): NavTab => {
  const found = NAV_TABS.find((t) => t.id === id);
  if (!found) throw new Error(`no tab ${id}`);
  return found;
};

describe('bottom navigation', () => {
  it('has the five tabs of the spec with their targets', () => {
    expect(NAV_TABS.map((t) => [t.id, t.to])).toEqual([
      ['home', '/'],
      ['insights', '/insights'],
      ['diary', '/mood'],
      ['notes', '/notes'],
      ['calendar', '/calendar'],
    ]);
  });

  it('marks Home active only on exactly / (and the dashboard it leads to)', () => {
    expect(isTabActive(tab('home'), '/')).toBe(true);
    expect(isTabActive(tab('home'), '/app')).toBe(true);
    expect(isTabActive(tab('home'), '/notes')).toBe(false);
    expect(isTabActive(tab('home'), '/app/x')).toBe(false);
  });

  it('marks other tabs active on their path and below', () => {
    expect(isTabActive(tab('diary'), '/mood')).toBe(true);
    expect(isTabActive(tab('diary'), '/mood/entry/2026-01-01')).toBe(true);
    expect(isTabActive(tab('notes'), '/notes')).toBe(true);
    expect(isTabActive(tab('notes'), '/notesx')).toBe(false);
  });

  it('is hidden on auth, onboarding, privacy, terms, faq and 404 paths', () => {
    for (const path of [
      '/auth',
      '/auth/reset-password',
      '/onboarding',
      '/privacy',
      '/terms',
      '/faq',
      '/404',
    ]) {
      expect(navMode(path, true)).toBe('hidden');
    }
    for (const path of ['/app', '/notes', '/settings/appearance', '/support', '/subscription']) {
      expect(navMode(path, true)).toBe('member');
    }
  });

  it('shows visitors a preview on the landing page only', () => {
    expect(navMode('/', false)).toBe('preview');
    expect(navMode('/faq', false)).toBe('hidden');
    expect(navMode('/support', false)).toBe('hidden');
  });
});

describe('hide on scroll', () => {
  const run = (ys: number[]) => ys.reduce(nextScrollState, INITIAL_SCROLL_STATE);

  it('schedules a hide when scrolling down past the top zone', () => {
    expect(run([150, 400])).toEqual({ visible: true, anchorY: 400, hidePending: true });
  });

  it('ignores moves under the 10 px threshold', () => {
    const down = { visible: false, anchorY: 400, hidePending: false };
    expect(nextScrollState(down, 391)).toBe(down);
    expect(nextScrollState(down, 390)).toEqual({ visible: true, anchorY: 390, hidePending: false });
  });

  it('always shows within 100 px of the top', () => {
    const hidden = { visible: false, anchorY: 500, hidePending: false };
    expect(nextScrollState(hidden, 100)).toEqual({ visible: true, anchorY: 100, hidePending: false });
    expect(nextScrollState(hidden, 0).visible).toBe(true);
  });

  it('cancels a pending hide when the user scrolls back up', () => {
    expect(run([300, 600, 580])).toEqual({ visible: true, anchorY: 580, hidePending: false });
  });
});
