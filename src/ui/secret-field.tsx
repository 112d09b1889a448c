import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import styles from './text-field.module.css';

/** Shows only the last four characters: enough to recognise a key, useless to anyone looking on. */
function maskSecret(secret: string): string {
  const visible = secret.length > 8 ? secret.slice(-4) : '';
  return `${'•'.repeat(8)}${visible}`;
}

interface SecretFieldProps {
  label: string;
  /** The stored secret, or null when none is set. */
  value: string | null;
  hint?: string;
  /** Saves a new secret, or removes it with null. */
  onSave: (value: string | null) => Promise<boolean>;
}

/**
 * An API key or similar: masked by default, revealed only on request, replaced through a password
 * input so it never sits in the page as plain text unless the user asks.
 */
export function SecretField({ label, value, hint, onSave }: SecretFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const [draft, setDraft] = useState<string | null>(null);

  const save = async (next: string | null) => {
    if (await onSave(next)) {
      setDraft(null);
      setRevealed(false);
    }
  };

  return (
    <div className={styles.field}>
      <span id={`${id}-label`} className={styles.label}>
        {label}
      </span>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      {draft === null ? (
        <>
          <output aria-labelledby={`${id}-label`} className={styles.secret}>
            {value === null ? t('secret.none') : revealed ? value : maskSecret(value)}
          </output>
          <div className={styles.buttons}>
            {value !== null ? (
              <button
                type="button"
                className="button"
                aria-pressed={revealed}
                onClick={() => setRevealed(!revealed)}
              >
                {revealed ? t('secret.hide') : t('secret.reveal')}
              </button>
            ) : null}
            <button type="button" className="button" onClick={() => setDraft('')}>
              {value === null ? t('secret.add') : t('secret.replace')}
            </button>
            {value !== null ? (
              <button type="button" className="button" onClick={() => void save(null)}>
                {t('secret.remove')}
              </button>
            ) : null}
          </div>
        </>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (draft.trim()) void save(draft.trim());
          }}
        >
          <label htmlFor={id} className={styles.hint}>
            {t('secret.newValue', { label })}
          </label>
          <input
            id={id}
            className={styles.input}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <div className={styles.buttons}>
            <button type="submit" className="button button-primary" disabled={!draft.trim()}>
              {t('secret.save')}
            </button>
            <button type="button" className="button" onClick={() => setDraft(null)}>
              {t('secret.cancel')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
