import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import styles from './mood.module.css';

/** Toggle chips for what the user was doing, plus a field to add one of their own. */
export function ActivityPicker({
  suggestions,
  selected,
  onChange,
}: {
  suggestions: readonly string[];
  selected: readonly string[];
  onChange: (activities: string[]) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const shown = [...selected.filter((activity) => !suggestions.includes(activity)), ...suggestions];
  const toggle = (activity: string) =>
    onChange(selected.includes(activity) ? selected.filter((a) => a !== activity) : [...selected, activity]);
  const label = (activity: string) => t(`mood.activities.${activity}`, { defaultValue: activity });
  const add = () => {
    const activity = draft.trim().toLowerCase().slice(0, 50);
    if (!activity) return;
    if (!selected.includes(activity)) onChange([...selected, activity]);
    setDraft('');
  };
  return (
    <fieldset className={styles.activities}>
      <legend className={styles.legend}>{t('mood.whatWereYouDoing')}</legend>
      <div className={styles.chips}>
        {shown.map((activity) => (
          <label key={activity} className={styles.chip} data-checked={selected.includes(activity)}>
            <input type="checkbox" checked={selected.includes(activity)} onChange={() => toggle(activity)} />
            {label(activity)}
          </label>
        ))}
      </div>
      <div className={styles.addActivity}>
        <label htmlFor={inputId}>{t('mood.newActivity')}</label>
        <input
          id={inputId}
          value={draft}
          maxLength={50}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button" onClick={add} disabled={!draft.trim()}>
          {t('mood.addActivity')}
        </button>
      </div>
    </fieldset>
  );
}
