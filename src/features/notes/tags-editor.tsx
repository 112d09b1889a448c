import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import styles from './notes.module.css';

export const MAX_TAGS = 50;
export const MAX_TAG_LENGTH = 50;

/** Adds a typed tag (trimmed, without a leading #, not twice) or says why not. */
export function addTag(tags: readonly string[], typed: string): string[] | 'empty' | 'long' | 'full' {
  const tag = typed.trim().replace(/^#+/, '').trim();
  if (tag === '') return 'empty';
  if (tag.length > MAX_TAG_LENGTH) return 'long';
  if (tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) return [...tags];
  if (tags.length >= MAX_TAGS) return 'full';
  return [...tags, tag];
}

/** Tags as removable chips plus a field: Enter or comma adds, Backspace in the empty field removes the last. */
export function TagsEditor({ tags, onChange }: { tags: string[]; onChange: (tags: string[]) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);

  const commit = () => {
    const result = addTag(tags, typed);
    if (result === 'empty') return;
    if (result === 'long' || result === 'full') {
      setError(t(result === 'long' ? 'notes.tags.tooLong' : 'notes.tags.tooMany'));
      return;
    }
    setError(null);
    setTyped('');
    onChange(result);
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
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={commit}
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
