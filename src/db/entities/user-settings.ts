import { z } from 'zod';

import { fontSchema, fontSizeSchema, colorSchema, idSchema } from './common.ts';

/**
 * user_settings (product spec §3): one row per user, its id is the user id. Every field has a default,
 * so a device that has never seen the row can still show settings, and a partial patch is enough for
 * the server to create the row (R9).
 */
export const userSettingsSchema = z.strictObject({
  id: idSchema,
  auto_save: z.boolean(),
  notifications_enabled: z.boolean(),
  copy_on_transcription: z.boolean(),
  paste_after_transcription: z.boolean(),
  enable_faster_record: z.boolean(),
  recording_device: z.string().max(200),
  bitrate: z.string().max(20),
  recording_confirmation: z.string().max(40),
  recording_mode: z.string().max(40),
  transcription_service: z.string().max(40),
  transcription_model: z.string().max(80),
  available_models: z.record(z.string(), z.string()),
  audio_processing: z.string().max(40),
  openrouter_api_key: z.string().max(400).nullable(),
  preferred_model: z.string().max(200),
  custom_models_array: z.array(z.string().max(200)).max(100),
  elevenlabs_model: z.string().max(80),
  elevenlabs_diarize: z.boolean(),
  elevenlabs_tag_audio_events: z.boolean(),
  speaker_language: z.string().max(20),
  preferred_transcription_language: z.string().max(20),
  enable_language_detection: z.boolean(),
  auto_detect_language: z.boolean(),
  auto_punctuation: z.boolean(),
  default_note_font: fontSchema,
  default_note_color: colorSchema,
  default_note_font_size: fontSizeSchema,
  default_diary_font: fontSchema,
  default_diary_color: colorSchema,
  default_diary_font_size: fontSizeSchema,
  default_mood_font: fontSchema,
  default_mood_font_size: fontSizeSchema,
  auto_delete_recordings: z.boolean(),
  enable_note_lock: z.boolean(),
  enable_text_to_speech: z.boolean(),
  site_config: z.strictObject({ site_url: z.string().max(300), site_name: z.string().max(200) }),
  notes_customization_expanded: z.boolean(),
  mood_customization_expanded: z.boolean(),
  mood_section_expanded: z.boolean(),
  transcription_section_expanded: z.boolean(),
  preferred_theme: z.enum(['light', 'dark']),
  /** Legacy: read if present, never written by Murmur (product spec §3). */
  openai_api_key: z.string().max(400).nullable(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** Fields a command may write: everything but the id and the legacy key. */
export const userSettingsPatchSchema = userSettingsSchema
  .omit({ id: true, openai_api_key: true })
  .partial()
  .strict();
export type UserSettingsPatch = z.infer<typeof userSettingsPatchSchema>;

export { defaultUserSettings } from './default-user-settings.ts';
