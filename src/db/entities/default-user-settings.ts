import type { UserSettings } from './user-settings.ts';

/**
 * Product spec §3 defaults. Kept apart from the zod schema so the app shell can show defaults without
 * loading the validation library on the first paint.
 */
export function defaultUserSettings(userId: string): UserSettings {
  return {
    id: userId,
    auto_save: true,
    notifications_enabled: true,
    copy_on_transcription: true,
    paste_after_transcription: true,
    enable_faster_record: true,
    recording_device: 'default',
    bitrate: '128kbps',
    recording_confirmation: 'always',
    recording_mode: 'continuous',
    transcription_service: 'whisper',
    transcription_model: 'whisper',
    available_models: { whisper: 'Whisper', local: 'Local Processing' },
    audio_processing: 'cloud',
    openrouter_api_key: null,
    preferred_model: 'openrouter/auto',
    custom_models_array: [],
    elevenlabs_model: 'scribe_v1',
    elevenlabs_diarize: false,
    elevenlabs_tag_audio_events: false,
    speaker_language: 'auto',
    preferred_transcription_language: 'auto',
    enable_language_detection: true,
    auto_detect_language: true,
    auto_punctuation: true,
    default_note_font: 'Abril Fatface',
    default_note_color: '#FFF7D1',
    default_note_font_size: 20,
    default_diary_font: 'Montserrat',
    default_diary_color: '#f3e8ff',
    default_diary_font_size: 16,
    default_mood_font: 'Architects Daughter',
    default_mood_font_size: 20,
    auto_delete_recordings: true,
    enable_note_lock: false,
    enable_text_to_speech: true,
    site_config: { site_url: '', site_name: '' },
    notes_customization_expanded: true,
    mood_customization_expanded: true,
    mood_section_expanded: true,
    transcription_section_expanded: true,
    preferred_theme: 'light',
    openai_api_key: null,
  };
}
