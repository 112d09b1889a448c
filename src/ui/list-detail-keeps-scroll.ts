/**
 * Whether the navigation just committed stayed inside a list-and-detail screen (list-detail.tsx) that
 * shows its list beside the entry: the window's scroll is then the list's, and keeping it keeps the
 * person's place. Asked after the commit; what CSS decided is read from the list's pane, so no width
 * is measured here.
 */
export function listDetailKeepsScroll(): boolean {
  const pane = document.querySelector<HTMLElement>('[data-list-detail][data-settled] > [data-list-pane]');
  return pane !== null && getComputedStyle(pane).display !== 'none';
}
