import { paths } from '../routing/paths.ts';

/** Bottom navigation constants of product spec §9. */
export const NAV = {
  heightPx: 80,
  scrollThresholdPx: 10,
  alwaysVisibleZonePx: 100,
  scrollThrottleMs: 16,
  hideDelayMs: 100,
  mobileBreakpointPx: 768,
  fadeMs: 300,
} as const;

export interface NavTab {
  id: 'home' | 'insights' | 'diary' | 'notes' | 'calendar';
  to: string;
}

/** The Diary tab points at /mood, as the spec's bar does (docs/adr/0004-routing-and-access.md). */
export const NAV_TABS: readonly NavTab[] = [
  { id: 'home', to: paths.landing },
  { id: 'insights', to: paths.insights },
  { id: 'diary', to: paths.mood },
  { id: 'notes', to: paths.notes },
  { id: 'calendar', to: paths.calendar },
];

const HIDDEN_PREFIXES = ['/auth', '/onboarding', '/privacy', '/terms', '/faq', '/404'];

/**
 * Home is active only on exactly "/" — and on /app, where "/" takes a signed-in user. Every other tab is
 * active on its path and below it.
 */
export function isTabActive(tab: NavTab, pathname: string): boolean {
  if (tab.id === 'home') return pathname === paths.landing || pathname === paths.dashboard;
  return pathname === tab.to || pathname.startsWith(`${tab.to}/`);
}

export type NavMode = 'hidden' | 'member' | 'preview';

/**
 * Members see the bar everywhere but the listed prefixes. Visitors see it on the landing page only, as a
 * preview of Murmur's sections: tapping a tab there explains that signing in is needed.
 */
export function navMode(pathname: string, signedIn: boolean): NavMode {
  if (signedIn) return HIDDEN_PREFIXES.some((prefix) => pathname.startsWith(prefix)) ? 'hidden' : 'member';
  return pathname === paths.landing ? 'preview' : 'hidden';
}

export interface ScrollState {
  visible: boolean;
  /** Scroll position at which the last direction change was accepted. */
  anchorY: number;
  /** A hide is pending (it lands after NAV.hideDelayMs unless cancelled). */
  hidePending: boolean;
}

export const INITIAL_SCROLL_STATE: ScrollState = { visible: true, anchorY: 0, hidePending: false };

/**
 * Near the top the bar always shows; elsewhere a move of at least the threshold decides: down schedules
 * a hide, up shows at once and cancels any pending hide. Smaller moves are ignored as jitter.
 */
export function nextScrollState(state: ScrollState, y: number): ScrollState {
  if (y <= NAV.alwaysVisibleZonePx) return { visible: true, anchorY: y, hidePending: false };
  const delta = y - state.anchorY;
  if (Math.abs(delta) < NAV.scrollThresholdPx) return state;
  if (delta > 0) return { visible: state.visible, anchorY: y, hidePending: state.visible };
  return { visible: true, anchorY: y, hidePending: false };
}
