import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { addTags, TAG_SEPARATOR } from './add-tags.ts';
import styles from './notes.module.css';

/**
 * Tags as removable chips plus a field: Enter, a comma, a space or leaving the field adds what was typed
 * (a pasted list becomes its tags); Backspace in the empty field removes the last.
 */
export function TagsEditor({ tags, onChange }: { tags: string[]; onChange: (tags: string[]) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);

  /** Adds `text`'s tags and leaves `rest` in the field; on an error, keeps all of it there to fix. */
  const commit = (text = typed, rest = '') => {
    const result = addTags(tags, text);
    if (result === 'empty') {
      setTyped(rest);
      return;
    }
    if (result === 'long' || result === 'full') {
      setTyped(text + (rest === '' ? '' : `,${rest}`));
      setError(t(result === 'long' ? 'notes.tags.tooLong' : 'notes.tags.tooMany'));
      return;
    }
    setError(null);
    setTyped(rest);
    onChange(result);
  };

  // A paste or a mobile keyboard's comma or space arrives as a change, not a key press: what precedes
  // the last separator becomes tags, what follows it stays to be typed on.
  const onTyped = (value: string) => {
    let last = value.length - 1;
    while (last >= 0 && !TAG_SEPARATOR.test(value.charAt(last))) last -= 1;
    if (last < 0) setTyped(value);
    else commit(value.slice(0, last), value.slice(last + 1));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && typed === '' && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  };

  return (
    <div className={styles.field}>
      <label htmlFor={id}>{t('notes.tags.label')}</label>
      {tags.length > 0 ? (
        <ul className={styles.chips} aria-label={t('notes.tags.current')}>
          {tags.map((tag) => (
            <li key={tag} className={styles.badge}>
              #{tag}
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={t('notes.tags.remove', { tag })}
                onClick={() => onChange(tags.filter((existing) => existing !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={id}
        className={styles.input}
        value={typed}
        onChange={(event) => onTyped(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => commit()}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        {t('notes.tags.hint')}
      </p>
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
