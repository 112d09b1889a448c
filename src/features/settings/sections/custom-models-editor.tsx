import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useSettings } from '../use-settings.ts';
import styles from '../fields/setting-fields.module.css';

/** OpenRouter model ids the user adds, offered as choices in the OpenRouter model select. */
export function CustomModelsEditor() {
  const { t } = useTranslation();
  const { settings, update } = useSettings();
  const [draft, setDraft] = useState('');
  const id = useId();
  const models = settings.custom_models_array;
  const add = () => {
    const model = draft.trim();
    if (!model || models.includes(model)) return;
    void update({ custom_models_array: [...models, model] }).then((saved) => saved && setDraft(''));
  };
  return (
    <div>
      <h3 id={`${id}-title`}>{t('settings.transcription.customModels')}</h3>
      {models.length === 0 ? <p>{t('settings.transcription.noCustomModels')}</p> : null}
      <ul aria-labelledby={`${id}-title`}>
        {models.map((model) => (
          <li key={model}>
            <code>{model}</code>{' '}
            <button
              type="button"
              className="button"
              aria-label={t('settings.transcription.removeModel', { model })}
              onClick={() => void update({ custom_models_array: models.filter((m) => m !== model) })}
            >
              {t('settings.transcription.remove')}
            </button>
          </li>
        ))}
      </ul>
      <form
        className={styles.row}
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <label htmlFor={id}>{t('settings.transcription.addModel')}</label>
        <input
          id={id}
          value={draft}
          placeholder="anthropic/claude-sonnet"
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="button" disabled={!draft.trim()}>
          {t('settings.transcription.add')}
        </button>
      </form>
    </div>
  );
}
