export { AppearanceSettings } from './sections/appearance-settings.tsx';
export { RecordingSettings } from './sections/recording-settings.tsx';
export {
  AccountSettings,
  NoteLockSettings,
  NotificationSettings,
  TextToSpeechSettings,
} from './sections/simple-settings.tsx';
export { StorageSettings } from './sections/storage-settings.tsx';
export { TranscriptionSettings } from './sections/transcription-settings.tsx';
export { SettingsContext } from './settings-context.ts';
export { SettingsProvider } from './settings-provider.tsx';
export { SettingsStore } from './settings-store.ts';
export { ThemePicker } from './theme-picker.tsx';
export { useSettings } from './use-settings.ts';
export { default as settingFieldStyles } from './fields/setting-fields.module.css';
