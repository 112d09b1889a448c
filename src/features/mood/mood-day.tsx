import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';

import type { MoodEntry } from '../../db/entities/mood-entry.ts';
import type { Day } from '../../lib/dates/day.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { RecordButton } from '../voice/index.ts';
import { DiaryEntryPreview } from '../diary/index.ts';
import { newDiaryEntryPath } from '../diary/index.ts';
import { DayNavigator } from './day-navigator.tsx';
import { DayNotes } from './day-notes.tsx';
import { MoodEntryCard } from './mood-entry-card.tsx';
import styles from './mood.module.css';
import { useDayEntries } from './use-day-entries.ts';

/**
 * The journal of one day: how the user felt (mood check-ins) and what they wrote (diary entries)
 * side by side. /mood is this view; /diary lists the diary on its own (ADR 0051).
 */
export function MoodDay({
  day,
  today,
  onDayChange,
}: {
  day: Day;
  today: Day;
  onDayChange: (day: Day) => void;
}) {
  const { t } = useTranslation();
  const userData = useUserData();
  const entries = useDayEntries(day);
  const navigate = useNavigate();

  // One function across renders, so the cards need not render again when another device changes the day.
  const remove = useCallback(
    (entry: MoodEntry) => {
      if (!userData) return;
      userData.commands.deleteMoodEntry(entry.id).then(
        () =>
          notify({
            kind: 'success',
            title: t('mood.deleted'),
            durationMs: 8000,
            essential: true,
            action: {
              label: t('common.undo'),
              onClick: () => void userData.commands.restoreMoodEntry(entry.id),
            },
          }),
        (error: unknown) => {
          console.error('Deleting the mood check-in failed', error);
          notify({ kind: 'error', title: t('mood.deleteFailed'), category: 'error' });
        },
      );
    },
    [userData, t],
  );

  return (
    <div className={styles.day}>
      <DayNavigator day={day} today={today} onChange={onDayChange} />
      {entries === undefined ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <>
          <section aria-labelledby="day-moods" className={styles.section}>
            <div className={styles.sectionHeader}>
              <h3 id="day-moods">{t('mood.checkIns')}</h3>
              <Link
                className="button button-primary"
                to={day === today ? '/mood/entry' : `/mood/entry/${day}`}
              >
                {t('mood.checkIn')}
              </Link>
            </div>
            {entries.moods.length === 0 ? (
              <p className={styles.empty}>{day === today ? t('mood.noneToday') : t('mood.noneThatDay')}</p>
            ) : (
              <ul className={styles.list}>
                {entries.moods.map((entry) => (
                  <li key={entry.id}>
                    <MoodEntryCard entry={entry} onDelete={remove} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="day-diary" className={styles.section}>
            <div className={styles.sectionHeader}>
              <h3 id="day-diary">{t('diary.title')}</h3>
              <div className={styles.headerActions}>
                <button
                  type="button"
                  className="button"
                  onClick={() => void navigate(newDiaryEntryPath(day))}
                >
                  {t('diary.write')}
                </button>
                <RecordButton
                  destination={{ kind: 'new_diary_entry', day }}
                  label={t('voice.recordDiaryEntry')}
                />
              </div>
            </div>
            {entries.diary.length === 0 ? (
              <p className={styles.empty}>{t('diary.noneThatDay')}</p>
            ) : (
              <ul className={styles.list}>
                {entries.diary.map((entry) => (
                  <li key={entry.id}>
                    <DiaryEntryPreview entry={entry} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          {entries.notes.length > 0 ? <DayNotes notes={entries.notes} /> : null}
        </>
      )}
    </div>
  );
}
