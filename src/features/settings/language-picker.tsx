import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isLanguage, LANGUAGES, switchLanguage, type Language } from '../../lib/i18n/i18n.ts';
import { storeLanguage } from '../../lib/i18n/language-preference.ts';

/** The interface language, stored on this device; dates, numbers and week start follow it. */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [switching, setSwitching] = useState(false);
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en-US';

  const choose = async (value: string) => {
    if (!isLanguage(value)) return;
    setSwitching(true);
    try {
      await switchLanguage(i18n, value);
      storeLanguage(value);
    } catch (error) {
      console.error('Murmur could not switch the language', error);
    } finally {
      setSwitching(false);
    }
  };

  return (
    <div className="field">
      <label htmlFor={id}>{t('settings.language.label')}</label>
      <select
        id={id}
        value={current}
        disabled={switching}
        onChange={(event) => void choose(event.target.value)}
      >
        {Object.entries(LANGUAGES).map(([code, name]) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
