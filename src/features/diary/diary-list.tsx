import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import type { DiaryEntry } from '../../db/entities/diary-entry.ts';
import { formatDay, isDay, type Day } from '../../lib/dates/day.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { RecordButton } from '../voice/index.ts';
import { DiaryEntryPreview } from './diary-entry-preview.tsx';
import styles from './diary.module.css';
import { newDiaryEntryPath } from './new-diary-entry-path.ts';

const PAGE = 100;

function groupByDay(entries: readonly DiaryEntry[]): [Day, DiaryEntry[]][] {
  const groups = new Map<Day, DiaryEntry[]>();
  for (const entry of entries) {
    const group = groups.get(entry.day);
    if (group) group.push(entry);
    else groups.set(entry.day, [entry]);
  }
  return [...groups];
}

/**
 * The diary on its own: days newest first, several entries a day, the most recent 100 entries at a
 * time (read from the day index, so a long diary costs no more to open than a short one).
 */
export function DiaryList({ today }: { today: Day }) {
  const { t, i18n } = useTranslation();
  const userData = useUserData();
  const navigate = useNavigate();
  const [limit, setLimit] = useState(PAGE);
  const [otherDay, setOtherDay] = useState<Day>(today);
  const dateId = useId();
  const page = useLiveQuery(async () => {
    if (!userData) return undefined;
    const entries = await userData.db.diary_entries
      .orderBy('day')
      .reverse()
      .filter((entry) => entry.deleted_at === null)
      .limit(limit + 1)
      .toArray();
    return { entries: entries.slice(0, limit), more: entries.length > limit };
  }, [userData, limit]);

  const create = (day: Day) => void navigate(newDiaryEntryPath(day));

  return (
    <div className={styles.list}>
      <div className={styles.newEntry}>
        <button type="button" className="button button-primary" onClick={() => create(today)}>
          {t('diary.newToday')}
        </button>
        <RecordButton
          destination={{ kind: 'new_diary_entry', day: today }}
          label={t('voice.recordDiaryEntry')}
        />
        <form
          className={styles.otherDay}
          onSubmit={(event) => {
            event.preventDefault();
            if (isDay(otherDay)) create(otherDay);
          }}
        >
          <label htmlFor={dateId}>{t('diary.forAnotherDay')}</label>
          <input
            id={dateId}
            type="date"
            value={otherDay}
            max={today}
            onChange={(e) => setOtherDay(e.target.value)}
          />
          <button type="submit" className="button" disabled={!isDay(otherDay)}>
            {t('diary.write')}
          </button>
        </form>
      </div>
      {page === undefined ? (
        <Spinner label={t('common.loading')} />
      ) : page.entries.length === 0 ? (
        <p>{t('diary.empty')}</p>
      ) : (
        <>
          {groupByDay(page.entries).map(([day, entries]) => (
            <section key={day} aria-labelledby={`day-${day}`} className={styles.dayGroup}>
              <h2 id={`day-${day}`} className={styles.dayHeading}>
                {day === today ? t('mood.today') : formatDay(day, i18n.language)}
              </h2>
              <ul className={styles.entries}>
                {entries.map((entry) => (
                  <li key={entry.id}>
                    <DiaryEntryPreview entry={entry} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {page.more ? (
            <button type="button" className="button" onClick={() => setLimit(limit + PAGE)}>
              {t('diary.showOlder')}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
