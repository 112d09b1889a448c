import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { canReadAloud } from '../../../ui/read-aloud-button.tsx';
import { SettingGroup } from '../fields/setting-group.tsx';
import { SettingSwitch } from '../fields/setting-switch.tsx';

export function TextToSpeechSettings() {
  const { t } = useTranslation();
  // The same test the read-aloud button hides by, so the hint never promises a button that is not there.
  const supported = canReadAloud();
  return (
    <SettingGroup title={t('settings.sections.text-to-speech')}>
      <SettingSwitch
        field="enable_text_to_speech"
        label={t('settings.tts.enable')}
        hint={supported ? t('settings.tts.hint') : t('settings.tts.unsupported')}
      />
    </SettingGroup>
  );
}

export function NoteLockSettings() {
  const { t } = useTranslation();
  return (
    <SettingGroup title={t('settings.sections.note-lock')}>
      <SettingSwitch
        field="enable_note_lock"
        label={t('settings.noteLock.enable')}
        hint={t('settings.noteLock.hint')}
      />
    </SettingGroup>
  );
}

export function NotificationSettings() {
  const { t } = useTranslation();
  return (
    <SettingGroup title={t('settings.sections.notifications')}>
      <SettingSwitch
        field="notifications_enabled"
        label={t('settings.notifications.enable')}
        hint={t('settings.notifications.hint')}
      />
    </SettingGroup>
  );
}

export function AccountSettings() {
  const { t } = useTranslation();
  return (
    <SettingGroup title={t('settings.sections.account')}>
      <p>{t('settings.account.intro')}</p>
      <Link className="button" to="/profile">
        {t('settings.account.openProfile')}
      </Link>
    </SettingGroup>
  );
}
