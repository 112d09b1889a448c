import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { SecretField } from '../../../ui/secret-field.tsx';
import { SettingGroup } from '../fields/setting-group.tsx';
import { SettingSelect } from '../fields/setting-select.tsx';
import { SettingSwitch } from '../fields/setting-switch.tsx';
import { useSettings } from '../use-settings.ts';
import { CustomModelsEditor } from './custom-models-editor.tsx';
import { OpenRouterModelSelect } from './openrouter-model-select.tsx';

const TRANSCRIPTION_LANGUAGES = [
  'auto',
  'en',
  'de',
  'es',
  'fr',
  'it',
  'pt',
  'nl',
  'pl',
  'ja',
  'zh',
  'ko',
] as const;

/**
 * `onDeviceModel` is the voice feature's on-device model panel, handed in by the app: voice reads the
 * settings, so settings must not import voice.
 */
export function TranscriptionSettings({ onDeviceModel }: { onDeviceModel: ReactNode }) {
  const { t } = useTranslation();
  const { settings, update } = useSettings();
  const languages = TRANSCRIPTION_LANGUAGES.map((value) => ({
    value,
    label: t(`settings.transcription.languages.${value}`),
  }));
  return (
    <SettingGroup title={t('settings.transcription.service')} expandedField="transcription_section_expanded">
      <SettingSelect
        field="transcription_service"
        label={t('settings.transcription.service')}
        options={[
          { value: 'whisper', label: 'Whisper' },
          { value: 'elevenlabs', label: 'ElevenLabs' },
          { value: 'openrouter', label: 'OpenRouter' },
          { value: 'local', label: t('settings.transcription.local') },
        ]}
      />
      <SettingSelect
        field="transcription_model"
        label={t('settings.transcription.model')}
        options={Object.entries(settings.available_models).map(([value, label]) => ({ value, label }))}
      />
      <SettingSelect
        field="audio_processing"
        label={t('settings.transcription.audioProcessing')}
        options={[
          { value: 'cloud', label: t('settings.transcription.processing.cloud') },
          { value: 'local', label: t('settings.transcription.processing.local') },
        ]}
      />
      {onDeviceModel}
      <SettingSelect
        field="speaker_language"
        label={t('settings.transcription.speakerLanguage')}
        options={languages}
      />
      <SettingSelect
        field="preferred_transcription_language"
        label={t('settings.transcription.preferredLanguage')}
        options={languages}
      />
      <SettingSwitch
        field="enable_language_detection"
        label={t('settings.transcription.languageDetection')}
      />
      <SettingSwitch field="auto_detect_language" label={t('settings.transcription.autoDetect')} />
      <SettingSwitch field="auto_punctuation" label={t('settings.transcription.autoPunctuation')} />
      <SettingGroup title="ElevenLabs">
        <SettingSelect
          field="elevenlabs_model"
          label={t('settings.transcription.elevenlabsModel')}
          options={[
            { value: 'scribe_v1', label: 'Scribe v1' },
            { value: 'scribe_v1_experimental', label: 'Scribe v1 (experimental)' },
          ]}
        />
        <SettingSwitch field="elevenlabs_diarize" label={t('settings.transcription.diarize')} />
        <SettingSwitch field="elevenlabs_tag_audio_events" label={t('settings.transcription.audioEvents')} />
      </SettingGroup>
      <SettingGroup title="OpenRouter">
        <SecretField
          label={t('settings.transcription.openrouterKey')}
          hint={t('settings.transcription.openrouterKeyHint')}
          value={settings.openrouter_api_key}
          onSave={(value) => update({ openrouter_api_key: value })}
        />
        <OpenRouterModelSelect />
        <CustomModelsEditor />
      </SettingGroup>
    </SettingGroup>
  );
}
