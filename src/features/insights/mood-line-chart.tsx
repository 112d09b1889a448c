import { line } from 'd3-shape';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { dayAsUtcDate, formatDay, type Day } from '../../lib/dates/day.ts';
import { formatNumber } from '../../lib/i18n/locale-format.ts';
import { moodLevel } from '../mood/index.ts';
import type { DayMood } from './insights-types.ts';
import styles from './insights.module.css';

const WIDTH = 640;
const HEIGHT = 180;
const LEFT = 18;
const TOP = 10;
const BOTTOM = 14;
/** Beyond this many days, points stop being separate links; the table still opens every day. */
const MAX_LINKED_POINTS = 400;
const DAY_MS = 86_400_000;

/**
 * Each day's mean as a line, its high and low as a bar behind it (Daylio's two views in one). Points
 * are links to the day; with a keyboard they are reached in order and named in words.
 */
export function MoodLineChart({ daily, start, end }: { daily: readonly DayMood[]; start: Day; end: Day }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const span = Math.max((dayAsUtcDate(end).getTime() - dayAsUtcDate(start).getTime()) / DAY_MS, 1);
  const plot = HEIGHT - TOP - BOTTOM;
  const x = (day: Day) =>
    LEFT +
    ((dayAsUtcDate(day).getTime() - dayAsUtcDate(start).getTime()) / DAY_MS / span) * (WIDTH - LEFT - 8);
  const y = (level: number) => TOP + ((5 - level) / 4) * plot;
  const path = line<DayMood>()
    .x((entry) => x(entry.day))
    .y((entry) => y(entry.mean))(daily);
  const linked = daily.length <= MAX_LINKED_POINTS;
  const number = (value: number) => formatNumber(value, i18n.language, { maximumFractionDigits: 1 });

  return (
    <svg
      className={`${styles.chart} ${styles.lineChart}`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="group"
      aria-label={t('insights.overTime.axis')}
    >
      {[1, 2, 3, 4, 5].map((level) => (
        <g key={level} aria-hidden="true">
          <line
            className={styles.axis}
            x1={LEFT}
            x2={WIDTH}
            y1={y(level)}
            y2={y(level)}
            strokeDasharray="2 4"
          />
          <text x={0} y={y(level)} dominantBaseline="central">
            {level}
          </text>
        </g>
      ))}
      {daily.map((entry) =>
        entry.high > entry.low ? (
          <line
            key={`r${entry.day}`}
            className={styles.range}
            x1={x(entry.day)}
            x2={x(entry.day)}
            y1={y(entry.high)}
            y2={y(entry.low)}
            aria-hidden="true"
          />
        ) : null,
      )}
      {path ? <path className={styles.line} d={path} aria-hidden="true" /> : null}
      {linked
        ? daily.map((entry) => {
            const href = `/mood?day=${entry.day}`;
            const label = t('insights.overTime.point', {
              day: formatDay(entry.day, i18n.language, 'long'),
              mean: number(entry.mean),
              low: number(entry.low),
              high: number(entry.high),
            });
            return (
              <a
                key={entry.day}
                className={styles.point}
                href={href}
                aria-label={label}
                onClick={(event) => {
                  event.preventDefault();
                  void navigate(href);
                }}
              >
                <circle
                  cx={x(entry.day)}
                  cy={y(entry.mean)}
                  r={daily.length > 60 ? 2.5 : 4.5}
                  fill={moodLevel(Math.floor(entry.mean + 0.5)).color}
                />
              </a>
            );
          })
        : null}
    </svg>
  );
}
