import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';

import { AppearanceSettings } from '../../features/settings/index.ts';
import { RecordingSettings } from '../../features/settings/index.ts';
import {
  AccountSettings,
  NoteLockSettings,
  NotificationSettings,
  TextToSpeechSettings,
} from '../../features/settings/index.ts';
import { StorageSettings } from '../../features/settings/index.ts';
import { TranscriptionSettings } from '../../features/settings/index.ts';
import { useSettings } from '../../features/settings/index.ts';
import { PrivacySettings } from '../../features/encryption/index.ts';
import { OnDeviceModelSetting } from '../../features/voice/index.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { isSettingsSection, type SettingsSection } from './settings-sections.ts';

function TranscriptionSection() {
  return <TranscriptionSettings onDeviceModel={<OnDeviceModelSetting />} />;
}

const SECTION_VIEWS: Record<SettingsSection, ComponentType> = {
  recording: RecordingSettings,
  transcription: TranscriptionSection,
  'text-to-speech': TextToSpeechSettings,
  'note-lock': NoteLockSettings,
  privacy: PrivacySettings,
  appearance: AppearanceSettings,
  notifications: NotificationSettings,
  account: AccountSettings,
  storage: StorageSettings,
};

export function Component() {
  const { t } = useTranslation();
  const { state } = useSettings();
  const section = useParams()['*'] ?? '';
  if (!isSettingsSection(section)) {
    return (
      <div role="alert">
        <h2>{t('settings.unknown', { section })}</h2>
        <Link to="/settings">{t('settings.backToIndex')}</Link>
      </div>
    );
  }
  const View = SECTION_VIEWS[section];
  return (
    <section aria-labelledby="settings-section-title">
      <p>
        <Link to="/settings">{t('settings.backToIndex')}</Link>
      </p>
      <h2 id="settings-section-title">{t(`settings.sections.${section}`)}</h2>
      {state === 'initialised' ? <View /> : <Spinner label={t('common.loading')} />}
    </section>
  );
}
