import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { dayAsUtcDate, formatDay, type Day } from '../../lib/dates/day.ts';
import { weekStart } from '../../lib/i18n/locale-format.ts';
import { MoodIcon } from '../mood/index.ts';
import { moodLevel, type MoodLevel } from '../mood/index.ts';
import styles from './calendar.module.css';
import { addMonths, dayForKey, firstOfMonth, monthGrid, monthOf } from './month-grid.ts';
import { useRangeSummary, type DaySummary } from './use-month-summary.ts';
import { dateTimeFormat } from '../../lib/i18n/intl-formats.ts';

function describeDay(t: TFunction, summary: DaySummary | undefined) {
  if (!summary) return t('calendar.nothing');
  const parts: string[] = [];
  if (summary.mood !== null)
    parts.push(t('calendar.mood', { level: t(`mood.levels.${moodLevel(summary.mood).key}`) }));
  if (summary.diary) parts.push(t('calendar.diary', { count: summary.diary }));
  if (summary.notes) parts.push(t('calendar.notes', { count: summary.notes }));
  if (summary.recordings) parts.push(t('calendar.recordings', { count: summary.recordings }));
  if (summary.moods > 1) parts.push(t('calendar.checkIns', { count: summary.moods }));
  return parts.join(', ');
}

/**
 * A month as a WAI-ARIA grid: one day is in the tab order, arrows and Home/End/PageUp/PageDown move
 * focus (and the month with it), Enter or a click opens the day.
 */
export function CalendarMonth({ today }: { today: Day }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const firstWeekday = weekStart(i18n.language);
  const [focused, setFocused] = useState<Day>(today);
  const [moveFocus, setMoveFocus] = useState(false);
  const month = monthOf(focused);
  const weeks = useMemo(() => monthGrid(month, firstWeekday), [month, firstWeekday]);
  const first = weeks[0]?.[0] ?? firstOfMonth(month);
  const last = weeks.at(-1)?.at(-1) ?? firstOfMonth(month);
  const summary = useRangeSummary(first, last);
  const grid = useRef<HTMLTableElement>(null);

  useEffect(() => {
    if (!moveFocus) return;
    grid.current?.querySelector<HTMLElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused, moveFocus]);

  const monthTitle = dateTimeFormat(i18n.language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(dayAsUtcDate(firstOfMonth(month)));
  const weekdayNames = (weeks[0] ?? []).map((day) => ({
    short: dateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' }).format(dayAsUtcDate(day)),
    long: dateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' }).format(dayAsUtcDate(day)),
  }));

  const open = (day: Day) => void navigate(day === today ? '/mood' : `/mood?day=${day}`);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(focused);
      return;
    }
    const next = dayForKey(focused, event.key, event.shiftKey, firstWeekday);
    if (!next) return;
    event.preventDefault();
    setMoveFocus(true);
    setFocused(next);
  };
  const showMonth = (count: number) => {
    setMoveFocus(false);
    setFocused(`${addMonths(month, count)}-01`);
  };

  return (
    <div className={styles.calendar}>
      <div className={styles.header}>
        <button
          type="button"
          className="button"
          aria-label={t('calendar.previousMonth')}
          onClick={() => showMonth(-1)}
        >
          ‹
        </button>
        <h2 id="calendar-month" className={styles.month} aria-live="polite">
          {monthTitle}
        </h2>
        <button
          type="button"
          className="button"
          aria-label={t('calendar.nextMonth')}
          onClick={() => showMonth(1)}
        >
          ›
        </button>
        {month !== monthOf(today) ? (
          <button
            type="button"
            className="button"
            onClick={() => {
              setMoveFocus(false);
              setFocused(today);
            }}
          >
            {t('calendar.thisMonth')}
          </button>
        ) : null}
      </div>
      <table
        ref={grid}
        role="grid"
        aria-labelledby="calendar-month"
        className={styles.grid}
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {weekdayNames.map((name) => (
              <th key={name.long} scope="col" abbr={name.long}>
                {name.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const info = summary?.get(day);
                const outside = monthOf(day) !== month;
                const label = `${formatDay(day, i18n.language)}: ${describeDay(t, info)}`;
                return (
                  <td
                    key={day}
                    role="gridcell"
                    data-day={day}
                    tabIndex={day === focused ? 0 : -1}
                    aria-selected={day === focused}
                    aria-current={day === today ? 'date' : undefined}
                    aria-label={label}
                    className={styles.day}
                    data-outside={outside}
                    data-today={day === today}
                    style={
                      info?.mood
                        ? { background: moodLevel(info.mood).color, color: moodLevel(info.mood).ink }
                        : undefined
                    }
                    onFocus={() => {
                      if (day !== focused) setFocused(day);
                    }}
                    onClick={() => {
                      setFocused(day);
                      open(day);
                    }}
                  >
                    <span className={styles.number} aria-hidden="true">
                      {Number(day.slice(8, 10))}
                    </span>
                    {info?.mood ? (
                      <span className={styles.face} aria-hidden="true">
                        <MoodIcon level={info.mood as MoodLevel} size={18} />
                      </span>
                    ) : null}
                    <span className={styles.markers} aria-hidden="true">
                      {info?.diary ? <span className={styles.marker} data-kind="diary" /> : null}
                      {info?.notes ? <span className={styles.marker} data-kind="notes" /> : null}
                      {info?.recordings ? <span className={styles.marker} data-kind="recordings" /> : null}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className={styles.legend} aria-label={t('calendar.legend')}>
        <li>
          <span className={styles.marker} data-kind="diary" /> {t('calendar.legendDiary')}
        </li>
        <li>
          <span className={styles.marker} data-kind="notes" /> {t('calendar.legendNotes')}
        </li>
        <li>
          <span className={styles.marker} data-kind="recordings" /> {t('calendar.legendRecordings')}
        </li>
      </ul>
    </div>
  );
}
