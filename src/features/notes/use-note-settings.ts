import { useLiveQuery } from 'dexie-react-hooks';

import { defaultUserSettings } from '../../db/entities/default-user-settings.ts';
import type { UserSettings } from '../../db/entities/user-settings.ts';
import type { NotesData } from './notes-data.ts';

export type NoteSettings = Pick<
  UserSettings,
  | 'default_note_font'
  | 'default_note_color'
  | 'default_note_font_size'
  | 'enable_note_lock'
  | 'enable_text_to_speech'
>;

/** The user's note settings, live; the defaults until the row exists or while it loads. */
export function useNoteSettings({ db, userId }: NotesData): NoteSettings {
  const stored = useLiveQuery(() => db.user_settings.get(userId), [db, userId]);
  return stored ?? defaultUserSettings(userId);
}
