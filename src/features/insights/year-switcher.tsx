import { useTranslation } from 'react-i18next';

import styles from './insights.module.css';

/**
 * Steps Year in Pixels through the years that have check-ins, up to this one. A button at the end of
 * the range is disabled rather than hidden, so the keyboard focus never jumps.
 */
export function YearSwitcher({
  year,
  first,
  last,
  onYear,
}: {
  year: number;
  first: number;
  last: number;
  onYear: (year: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.yearSwitcher}>
      <button type="button" className="button" disabled={year <= first} onClick={() => onYear(year - 1)}>
        {t('insights.pixels.previousYear')}
      </button>
      <span aria-live="polite">{year}</span>
      <button type="button" className="button" disabled={year >= last} onClick={() => onYear(year + 1)}>
        {t('insights.pixels.nextYear')}
      </button>
    </div>
  );
}
