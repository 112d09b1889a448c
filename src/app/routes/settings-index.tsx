import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { SETTINGS_SECTIONS } from './settings-sections.ts';

export function Component() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('screens.settings.title')}>
      <ul className="link-list">
        {SETTINGS_SECTIONS.map((section) => (
          <li key={section}>
            <Link to={section}>{t(`settings.sections.${section}`)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
