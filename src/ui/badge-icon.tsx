import { LineIcon } from './line-icon.tsx';

const BADGE_PATHS = {
  pinned: 'M9 3h6m-5 0v6l-3 4h10l-3-4V3m-2 10v8',
  locked: 'M6 11h12v10H6zm2.5 0V8a3.5 3.5 0 0 1 7 0v3',
} as const;

/**
 * A small drawn mark beside a badge's words (pinned, locked). Drawn rather than an emoji, which renders
 * as an empty box where the device has no emoji font; its words name it for assistive technology.
 */
export function BadgeIcon({ name }: { name: keyof typeof BADGE_PATHS }) {
  return <LineIcon path={BADGE_PATHS[name]} size={14} />;
}
