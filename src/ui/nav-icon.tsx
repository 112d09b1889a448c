import { LineIcon } from './line-icon.tsx';

const ICON_PATHS = {
  home: 'M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  insights: 'M4 20V10m6 10V4m6 16v-7m4 7H2',
  diary: 'M5 4h11a3 3 0 0 1 3 3v13H8a3 3 0 0 1-3-3zm0 13a3 3 0 0 1 3-3h11M9 8h6',
  notes: 'M6 3h9l4 4v14H6zM14 3v5h5M9 13h7M9 17h5',
  calendar: 'M4 6h16v15H4zM4 10h16M8 3v4m8-4v4',
} as const;

export type NavIconName = keyof typeof ICON_PATHS;

/** Decorative: the tab's text label names it for assistive technology. */
export function NavIcon({ name }: { name: NavIconName }) {
  return <LineIcon path={ICON_PATHS[name]} />;
}
