import { useTranslation } from 'react-i18next';

import { SettingGroup } from '../fields/setting-group.tsx';
import { SettingSelect } from '../fields/setting-select.tsx';
import { SettingSwitch } from '../fields/setting-switch.tsx';
import { useAudioInputs } from './use-audio-inputs.ts';

const BITRATES = ['64kbps', '96kbps', '128kbps', '192kbps', '256kbps'] as const;

export function RecordingSettings() {
  const { t } = useTranslation();
  const inputs = useAudioInputs();
  return (
    <>
      <SettingGroup title={t('settings.recording.input')}>
        <SettingSelect
          field="recording_device"
          label={t('settings.recording.device')}
          options={[
            { value: 'default', label: t('settings.recording.defaultDevice') },
            ...inputs.map((input) => ({ value: input.deviceId, label: input.label })),
          ]}
        />
        <SettingSelect
          field="bitrate"
          label={t('settings.recording.bitrate')}
          options={BITRATES.map((value) => ({ value, label: value }))}
        />
        <SettingSelect
          field="recording_mode"
          label={t('settings.recording.mode')}
          options={[
            { value: 'continuous', label: t('settings.recording.modes.continuous') },
            { value: 'push_to_talk', label: t('settings.recording.modes.push_to_talk') },
          ]}
        />
        <SettingSelect
          field="recording_confirmation"
          label={t('settings.recording.confirmation')}
          options={[
            { value: 'always', label: t('settings.recording.confirmations.always') },
            { value: 'long_only', label: t('settings.recording.confirmations.long_only') },
            { value: 'never', label: t('settings.recording.confirmations.never') },
          ]}
        />
        <SettingSwitch
          field="enable_faster_record"
          label={t('settings.recording.fasterRecord')}
          hint={t('settings.recording.fasterRecordHint')}
        />
      </SettingGroup>
      <SettingGroup title={t('settings.recording.afterwards')}>
        <SettingSwitch field="copy_on_transcription" label={t('settings.recording.copyOnTranscription')} />
        <SettingSwitch
          field="paste_after_transcription"
          label={t('settings.recording.pasteAfterTranscription')}
        />
        <SettingSwitch
          field="auto_delete_recordings"
          label={t('settings.recording.autoDelete')}
          hint={t('settings.recording.autoDeleteHint')}
        />
      </SettingGroup>
    </>
  );
}
