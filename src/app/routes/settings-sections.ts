/** The settings subpages, each reachable at /settings/<id> and from the index. */
export const SETTINGS_SECTIONS = [
  'recording',
  'transcription',
  'text-to-speech',
  'note-lock',
  'privacy',
  'appearance',
  'notifications',
  'account',
  'storage',
] as const;

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export function isSettingsSection(value: string): value is SettingsSection {
  return (SETTINGS_SECTIONS as readonly string[]).includes(value);
}
