import { useTranslation } from 'react-i18next';

import { MoodIcon } from './mood-icon.tsx';
import { MOOD_LEVELS, type MoodLevel } from './mood-levels.ts';
import styles from './mood.module.css';

/** Five radio buttons: arrows move between levels, Space or a tap picks one. */
export function MoodLevelPicker({
  value,
  onChange,
}: {
  value: MoodLevel | null;
  onChange: (level: MoodLevel) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.levels}>
      <legend className={styles.legend}>{t('mood.howAreYou')}</legend>
      {MOOD_LEVELS.map(({ level, key }) => (
        <label key={level} className={styles.level} data-checked={value === level}>
          <input
            type="radio"
            name="mood-level"
            value={level}
            checked={value === level}
            onChange={() => onChange(level)}
          />
          <MoodIcon level={level} size={44} />
          <span>{t(`mood.levels.${key}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
