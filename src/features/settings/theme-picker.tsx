import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';

import { themeAtom } from '../../lib/theme/theme-atom.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';
import { useSettings } from './use-settings.ts';
import { removeLocal, writeLocal } from '../../lib/local-store.ts';
import { PENDING_THEME_KEY, type Theme } from '../../lib/theme/theme.ts';
import styles from './theme-picker.module.css';

const THEMES: readonly Theme[] = ['light', 'dark'];

/** Light or dark, nothing else: the spec has no system theme. A radio group, so arrows move the choice. */
export function ThemePicker() {
  const { t } = useTranslation();
  const [theme, setTheme] = useAtom(themeAtom);
  const signedIn = useUserData() !== null;
  const { update } = useSettings();
  // Applied on this device at once; for a signed-in user also kept in the synced settings, so the
  // user's other devices follow.
  const choose = (next: Theme) => {
    setTheme(next);
    if (!signedIn) return;
    writeLocal(PENDING_THEME_KEY, next);
    void update({ preferred_theme: next }).then((saved) => {
      if (saved) removeLocal(PENDING_THEME_KEY);
    });
  };
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
            onChange={() => choose(option)}
          />
          {t(`settings.theme.${option}`)}
        </label>
      ))}
    </fieldset>
  );
}
