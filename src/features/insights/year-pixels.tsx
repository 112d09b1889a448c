import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { dayAsUtcDate, type Day } from '../../lib/dates/day.ts';
import { MoodIcon } from '../mood/index.ts';
import { MOOD_LEVELS, moodLevel, type MoodLevel } from '../mood/index.ts';
import styles from './insights.module.css';
import { dateTimeFormat } from '../../lib/i18n/intl-formats.ts';

const CELL = 11;
const GAP = 2;
const TOP = 12;
const LEFT = 16;

/** '12 March' in the current language (no weekday, no year: the year is in the heading). */
function dayName(day: Day, format: Intl.DateTimeFormat): string {
  return format.format(dayAsUtcDate(day));
}

/**
 * Year in Pixels: months as columns, days as rows, each day in its mood's colour with its level
 * written in the cell, so colour is never the only cue. Days with a mood are links named like
 * '12 March, good' that open the day.
 */
export function YearPixels({ days }: { days: readonly { day: Day; level: number | null }[] }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const monthShort = dateTimeFormat(i18n.language, { month: 'narrow', timeZone: 'UTC' });
  // One formatter for the year's 365 names: building one costs far more than using it.
  const dayAndMonth = dateTimeFormat(i18n.language, {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  const width = LEFT + 12 * (CELL + GAP);
  const height = TOP + 31 * (CELL + GAP);
  return (
    <>
      <svg
        className={`${styles.chart} ${styles.pixels}`}
        viewBox={`0 0 ${width} ${height}`}
        style={{ maxWidth: 360 }}
        role="group"
        aria-label={t('insights.pixels.title', { year: days[0]?.day.slice(0, 4) ?? '' })}
      >
        {Array.from({ length: 12 }, (_, month) => (
          <text
            key={month}
            x={LEFT + month * (CELL + GAP) + CELL / 2}
            y={8}
            textAnchor="middle"
            aria-hidden="true"
          >
            {monthShort.format(Date.UTC(2024, month, 1))}
          </text>
        ))}
        {[1, 10, 20, 31].map((date) => (
          <text key={date} x={0} y={TOP + (date - 1) * (CELL + GAP) + CELL - 2} aria-hidden="true">
            {date}
          </text>
        ))}
        {days.map(({ day, level }) => {
          const month = Number(day.slice(5, 7)) - 1;
          const date = Number(day.slice(8, 10)) - 1;
          const cx = LEFT + month * (CELL + GAP);
          const cy = TOP + date * (CELL + GAP);
          if (level === null) {
            return (
              <rect
                key={day}
                className={styles.pixelEmpty}
                x={cx}
                y={cy}
                width={CELL}
                height={CELL}
                rx={2}
                aria-hidden="true"
              />
            );
          }
          const info = moodLevel(level);
          const href = `/mood?day=${day}`;
          return (
            <g key={day}>
              <a
                className={styles.pixel}
                href={href}
                aria-label={t('insights.pixels.day', {
                  day: dayName(day, dayAndMonth),
                  label: t(`mood.levels.${info.key}`).toLocaleLowerCase(i18n.language),
                })}
                onClick={(event) => {
                  event.preventDefault();
                  void navigate(href);
                }}
              >
                <rect x={cx} y={cy} width={CELL} height={CELL} rx={2} fill={info.color} />
              </a>
              {/* Outside the link: the level is written for sight, the link's name already says it. */}
              <text x={cx + CELL / 2} y={cy + CELL / 2 + 2} textAnchor="middle" aria-hidden="true">
                {level}
              </text>
            </g>
          );
        })}
      </svg>
      <ul className={styles.legend} aria-label={t('insights.pixels.legend')}>
        {MOOD_LEVELS.map(({ level, key }) => (
          <li key={level}>
            <MoodIcon level={level as MoodLevel} size={18} />
            {level} {t(`mood.levels.${key}`)}
          </li>
        ))}
      </ul>
    </>
  );
}
