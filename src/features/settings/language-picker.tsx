import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isLanguage, LANGUAGES, switchLanguage, type Language } from '../../lib/i18n/i18n.ts';
import { storeLanguage } from '../../lib/i18n/language-preference.ts';
import { SelectField } from '../../ui/select-field.tsx';

/** The interface language, stored on this device; dates, numbers and week start follow it. */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
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
    <SelectField
      label={t('settings.language.label')}
      value={current}
      disabled={switching}
      onChange={(event) => void choose(event.target.value)}
    >
      {Object.entries(LANGUAGES).map(([code, name]) => (
        <option key={code} value={code} lang={code}>
          {name}
        </option>
      ))}
    </SelectField>
  );
}
