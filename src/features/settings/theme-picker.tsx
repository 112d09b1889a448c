import { useTranslation } from 'react-i18next';

import { useTheme } from '../../lib/theme/use-theme.ts';
import type { Theme } from '../../lib/theme/theme.ts';
import styles from './theme-picker.module.css';

const THEMES: readonly Theme[] = ['light', 'dark'];

/** Light or dark, nothing else: the spec has no system theme. A radio group, so arrows move the choice. */
export function ThemePicker() {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t('settings.theme.label')}</legend>
      {THEMES.map((option) => (
        <label key={option} className={styles.option} data-checked={theme === option}>
          <input
            type="radio"
            name="theme"
            value={option}
            checked={theme === option}
            onChange={() => setTheme(option)}
          />
          {t(`settings.theme.${option}`)}
        </label>
      ))}
    </fieldset>
  );
}
