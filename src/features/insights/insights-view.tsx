import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useToday } from '../../lib/dates/use-today.ts';
import { weekStart } from '../../lib/i18n/locale-format.ts';
import { HabitSections } from './habit-sections.tsx';
import type { Period } from './insights-types.ts';
import styles from './insights.module.css';
import { MoodSections } from './mood-sections.tsx';
import { useInsights } from './use-insights.ts';
import { deviceTimeZone } from '../../lib/dates/time-zone.ts';

const PERIODS: readonly Period[] = ['week', 'month', 'year', 'all'];

/** /insights: what the journal says, computed on the device for the chosen period. */
export function InsightsView() {
  const { t, i18n } = useTranslation();
  const today = useToday();
  const [period, setPeriod] = useState<Period>('month');
  const thisYear = Number(today.slice(0, 4));
  const [pixelYear, setPixelYear] = useState<number | null>(null);
  const result = useInsights({
    period,
    today,
    localZone: deviceTimeZone(),
    weekStart: weekStart(i18n.language),
    pixelYear: pixelYear ?? thisYear,
  });
  // The mood charts come first; streaks, writing and Year in Pixels (hundreds of cells) render right
  // after, in a background render, so the first summary is not held up by them.
  const habits = useDeferredValue(result);

  return (
    <div className={styles.insights}>
      <fieldset className={styles.periods}>
        <legend>{t('insights.period.label')}</legend>
        {PERIODS.map((option) => (
          <button
            key={option}
            type="button"
            className={option === period ? 'button button-primary' : 'button'}
            aria-pressed={option === period}
            onClick={() => setPeriod(option)}
          >
            {t(`insights.period.${option}`)}
          </button>
        ))}
      </fieldset>
      <div aria-busy={result === undefined}>
        {result === undefined ? (
          <p role="status">{t('insights.loading')}</p>
        ) : (
          <div className={styles.insights}>
            {result.checkIns === 0 ? (
              <p>
                {t('insights.empty')} <Link to="/mood/entry">{t('insights.checkIn')}</Link>
              </p>
            ) : (
              <MoodSections result={result} />
            )}
            {habits ? <HabitSections result={habits} thisYear={thisYear} onPixelYear={setPixelYear} /> : null}
          </div>
        )}
      </div>
    </div>
  );
}
