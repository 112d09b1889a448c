import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { addDays, formatDay, isDay, type Day } from '../../lib/dates/day.ts';
import styles from './mood.module.css';

/** Previous and next day, back to today, or any day by date; the future is not a day to journal. */
export function DayNavigator({
  day,
  today,
  onChange,
}: {
  day: Day;
  today: Day;
  onChange: (day: Day) => void;
}) {
  const { t, i18n } = useTranslation();
  const dateId = useId();
  return (
    <nav className={styles.dayNav} aria-label={t('mood.dayNavigation')}>
      <button
        type="button"
        className="button"
        aria-label={t('mood.previousDay')}
        onClick={() => onChange(addDays(day, -1))}
      >
        ‹
      </button>
      <h2 className={styles.dayTitle} aria-live="polite">
        {day === today ? t('mood.today') : formatDay(day, i18n.language)}
      </h2>
      <button
        type="button"
        className="button"
        aria-label={t('mood.nextDay')}
        disabled={day >= today}
        onClick={() => onChange(addDays(day, 1))}
      >
        ›
      </button>
      <label htmlFor={dateId} className={styles.visuallyHidden}>
        {t('mood.pickDay')}
      </label>
      <input
        id={dateId}
        type="date"
        value={day}
        max={today}
        onChange={(event) => {
          if (isDay(event.target.value) && event.target.value <= today) onChange(event.target.value);
        }}
      />
      {day !== today ? (
        <button type="button" className="button" onClick={() => onChange(today)}>
          {t('mood.backToToday')}
        </button>
      ) : null}
    </nav>
  );
}
