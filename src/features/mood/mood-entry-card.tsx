import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import type { MoodEntry } from '../../db/entities/mood-entry.ts';
import { dayOf } from '../../lib/dates/day.ts';
import { useFont } from '../../lib/fonts/use-font.ts';
import { ReadAloudButton } from '../../ui/read-aloud-button.tsx';
import { useSettings } from '../settings/index.ts';
import { moodEntrySpeech } from './mood-entry-speech.ts';
import { MoodIcon } from './mood-icon.tsx';
import { moodLevel, type MoodLevel } from './mood-levels.ts';
import styles from './mood.module.css';
import { dateTimeFormat } from '../../lib/i18n/intl-formats.ts';

interface MoodEntryCardProps {
  entry: MoodEntry;
  onDelete: (entry: MoodEntry) => void;
}

/**
 * Every read of the day hands over new objects: a change another device made re-reads the whole day,
 * and a card renders again only when what it shows changed (its hooks still re-render it for a
 * settings or language change).
 */
export const MoodEntryCard = memo(MoodEntryCardView, (before, after) => {
  const [a, b] = [before.entry, after.entry];
  return (
    before.onDelete === after.onDelete &&
    a.id === b.id &&
    a.level === b.level &&
    a.moment === b.moment &&
    a.time_zone === b.time_zone &&
    a.note === b.note &&
    a.activities.length === b.activities.length &&
    a.activities.every((activity, index) => activity === b.activities[index])
  );
});

function MoodEntryCardView({ entry, onDelete }: MoodEntryCardProps) {
  const { t, i18n } = useTranslation();
  const { settings } = useSettings();
  const font = useFont(settings.default_mood_font);
  const level = entry.level as MoodLevel;
  const label = t(`mood.levels.${moodLevel(level).key}`);
  const time = dateTimeFormat(i18n.language, {
    timeStyle: 'short',
    timeZone: entry.time_zone,
  }).format(new Date(entry.moment));
  const day = dayOf(entry.moment, entry.time_zone);
  const speech = moodEntrySpeech(t, i18n.language, {
    level,
    time,
    activities: entry.activities,
    note: entry.note,
  });
  return (
    <article className={styles.card} aria-label={t('mood.entryLabel', { level: label, time })}>
      <MoodIcon level={level} size={40} />
      <div className={styles.cardBody}>
        <p className={styles.cardTitle}>
          <strong>{label}</strong> <time dateTime={entry.moment}>{time}</time>
        </p>
        {entry.activities.length > 0 ? (
          <ul className={styles.tags} aria-label={t('mood.activitiesLabel')}>
            {entry.activities.map((activity) => (
              <li key={activity}>{t(`mood.activities.${activity}`, { defaultValue: activity })}</li>
            ))}
          </ul>
        ) : null}
        {entry.note ? (
          <p
            className={styles.note}
            style={{ fontFamily: font, fontSize: `${settings.default_mood_font_size}px` }}
          >
            {entry.note}
          </p>
        ) : null}
      </div>
      <div className={styles.cardActions}>
        {settings.enable_text_to_speech ? (
          <ReadAloudButton
            text={speech}
            lang={i18n.language}
            subject={t('mood.entryLabel', { level: label, time })}
          />
        ) : null}
        <Link
          className="button"
          to={`/mood/entry/${day}?id=${entry.id}`}
          aria-label={t('mood.editEntry', { level: label, time })}
        >
          {t('mood.edit')}
        </Link>
        <button
          type="button"
          className="button"
          aria-label={t('mood.deleteEntry', { level: label, time })}
          onClick={() => onDelete(entry)}
        >
          {t('mood.delete')}
        </button>
      </div>
    </article>
  );
}
