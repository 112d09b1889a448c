import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';

import type { Day } from '../../lib/dates/day.ts';
import { formatDay } from '../../lib/dates/day.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';
import { DiaryEntryPreview } from '../diary/index.ts';
import { BackupReminderNotice } from '../export/index.ts';
import { newDiaryEntryPath } from '../diary/index.ts';
import { MoodIcon } from '../mood/index.ts';
import { moodLevel, type MoodLevel } from '../mood/index.ts';
import { useDayEntries } from '../mood/index.ts';
import styles from './home.module.css';
import { useJournalDays } from './use-journal-days.ts';
import { useOnThisDay } from './use-on-this-day.ts';
import { useRecentDiaryEntries } from './use-recent-diary-entries.ts';
import { writingStreak } from '../../lib/dates/writing-streak.ts';
import { RecordButton } from '../voice/index.ts';
import { WaitingRecordings } from '../voice/index.ts';
import { JournalSearch } from '../search/index.ts';

/** How many earlier diary entries home shows under today. */
const RECENT_ENTRIES = 3;

/**
 * /app: today first, then the latest diary entries, the quick ways in, search, the streak, and what
 * happened on this date before.
 */
export function HomeOverview({ today }: { today: Day }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const userData = useUserData();
  // Today's card shows check-ins and diary entries; notes have their own screen.
  const todays = useDayEntries(today, { notes: false });
  const days = useJournalDays();
  const past = useOnThisDay(today);
  const recent = useRecentDiaryEntries(today, RECENT_ENTRIES);
  const streak = days ? writingStreak(days, today) : null;

  return (
    <div className={styles.home}>
      {userData ? <BackupReminderNotice userId={userData.userId} /> : null}
      <WaitingRecordings />
      <section aria-labelledby="home-today" className={styles.card}>
        <h2 id="home-today">{t('home.today', { day: formatDay(today, i18n.language) })}</h2>
        {todays === undefined ? null : todays.moods.length === 0 && todays.diary.length === 0 ? (
          <p>{t('home.nothingYet')}</p>
        ) : (
          <>
            {todays.moods.length > 0 ? (
              <p className={styles.moods}>
                {todays.moods.map((entry) => (
                  <MoodIcon
                    key={entry.id}
                    level={entry.level as MoodLevel}
                    size={28}
                    label={t(`mood.levels.${moodLevel(entry.level).key}`)}
                  />
                ))}
              </p>
            ) : null}
            <ul className={styles.list}>
              {todays.diary.map((entry) => (
                <li key={entry.id}>
                  <DiaryEntryPreview entry={entry} />
                </li>
              ))}
            </ul>
          </>
        )}
        <Link to="/mood">{t('home.openToday')}</Link>
      </section>

      <section aria-labelledby="home-recent" className={styles.card}>
        <h2 id="home-recent">{t('home.recent')}</h2>
        {recent === undefined ? null : recent.length === 0 ? (
          <p>{t('home.noRecent')}</p>
        ) : (
          <ul className={styles.list}>
            {recent.map((entry) => (
              <li key={entry.id}>
                <p className={styles.recentDay}>{formatDay(entry.day, i18n.language)}</p>
                <DiaryEntryPreview entry={entry} />
              </li>
            ))}
          </ul>
        )}
        <Link to="/diary">{t('home.openDiary')}</Link>
      </section>

      <section aria-labelledby="home-actions" className={styles.card}>
        <h2 id="home-actions">{t('home.quickActions')}</h2>
        <div className={styles.actions}>
          {/* Until this user's database is open a click could not write anything: say so by disabling. */}
          <button type="button" className="button" onClick={() => void navigate('/notes/new')}>
            {t('home.newNote')}
          </button>
          <button
            type="button"
            className="button"
            disabled={!userData}
            onClick={() => void navigate(newDiaryEntryPath(today))}
          >
            {t('home.newDiaryEntry')}
          </button>
          <Link className="button button-primary" to="/mood/entry">
            {t('home.checkIn')}
          </Link>
        </div>
        <div className={styles.record}>
          <RecordButton destination={{ kind: 'new_note' }} label={t('home.record')} />
          <p className={styles.hint}>{t('voice.shortcutHint')}</p>
        </div>
      </section>

      <JournalSearch />

      <section aria-labelledby="home-streak" className={styles.card}>
        <h2 id="home-streak">{t('home.streak')}</h2>
        {streak ? (
          <>
            <p className={styles.streak} data-testid="streak">
              {t('home.streakDays', { count: streak.current })}
            </p>
            <p className={styles.hint}>{t('home.longest', { count: streak.longest })}</p>
          </>
        ) : null}
      </section>

      <section aria-labelledby="home-past" className={styles.card}>
        <h2 id="home-past">{t('home.onThisDay')}</h2>
        {past === undefined ? null : past.length === 0 ? (
          <p>{t('home.noPast')}</p>
        ) : (
          <ul className={styles.list}>
            {past.map((entry) => (
              <li key={entry.day}>
                <h3 className={styles.pastTitle}>
                  <Link to={`/mood?day=${entry.day}`}>{t('home.yearsAgo', { count: entry.yearsAgo })}</Link>
                </h3>
                {entry.moods.map((mood) => (
                  <MoodIcon
                    key={mood.id}
                    level={mood.level as MoodLevel}
                    size={22}
                    label={t(`mood.levels.${moodLevel(mood.level).key}`)}
                  />
                ))}
                <ul className={styles.list}>
                  {entry.diary.map((diary) => (
                    <li key={diary.id}>
                      <DiaryEntryPreview entry={diary} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
