import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';

import { LanguagePicker } from '../../features/settings/language-picker.tsx';
import { ThemePicker } from '../../features/settings/theme-picker.tsx';
import { isSettingsSection } from './settings-sections.ts';

export function Component() {
  const { t } = useTranslation();
  const section = useParams()['*'] ?? '';
  if (!isSettingsSection(section)) {
    return (
      <div role="alert">
        <h2>{t('settings.unknown', { section })}</h2>
        <Link to="/settings">{t('settings.backToIndex')}</Link>
      </div>
    );
  }
  return (
    <div>
      <h2>{t(`settings.sections.${section}`)}</h2>
      {section === 'appearance' ? (
        <>
          <ThemePicker />
          <LanguagePicker />
        </>
      ) : null}
      <p>{t('settings.sectionComing')}</p>
      <Link to="/settings">{t('settings.backToIndex')}</Link>
    </div>
  );
}
