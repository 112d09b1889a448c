import { useTranslation } from 'react-i18next';

import { LanguagePicker } from '../language-picker.tsx';
import { ThemePicker } from '../theme-picker.tsx';
import { SettingGroup } from '../fields/setting-group.tsx';
import { SettingSwitch } from '../fields/setting-switch.tsx';
import { SettingText } from '../fields/setting-text.tsx';
import { useSettings } from '../use-settings.ts';
import { EntryLookFields } from './entry-look-fields.tsx';

export function AppearanceSettings() {
  const { t } = useTranslation();
  const { settings, update } = useSettings();
  return (
    <>
      <SettingGroup title={t('settings.appearance.general')}>
        <ThemePicker />
        <LanguagePicker />
        <SettingSwitch field="auto_save" label={t('settings.appearance.autoSave')} />
      </SettingGroup>
      <SettingGroup title={t('settings.appearance.notes')} expandedField="notes_customization_expanded">
        <EntryLookFields kind="note" />
      </SettingGroup>
      <SettingGroup title={t('settings.appearance.diary')}>
        <EntryLookFields kind="diary" />
      </SettingGroup>
      <SettingGroup title={t('settings.appearance.mood')} expandedField="mood_customization_expanded">
        <EntryLookFields kind="mood" />
      </SettingGroup>
      <SettingGroup title={t('settings.appearance.site')}>
        <SettingText
          label={t('settings.appearance.siteName')}
          value={settings.site_config.site_name}
          save={(site_name) =>
            update({ site_config: { ...settings.site_config, site_name: site_name.trim() } })
          }
        />
        <SettingText
          type="url"
          label={t('settings.appearance.siteUrl')}
          hint={t('settings.appearance.siteUrlHint')}
          value={settings.site_config.site_url}
          save={(site_url) => update({ site_config: { ...settings.site_config, site_url: site_url.trim() } })}
        />
      </SettingGroup>
    </>
  );
}
