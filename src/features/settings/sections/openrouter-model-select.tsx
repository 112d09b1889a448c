import { useTranslation } from 'react-i18next';

import { SettingSelect } from '../fields/setting-select.tsx';
import { useSettings } from '../use-settings.ts';

/** OpenRouter's own routing, preferred_model's default (product spec §3). */
const OPENROUTER_AUTO = 'openrouter/auto';

/**
 * The OpenRouter model recordings are sent to (preferred_model): OpenRouter's automatic routing or one
 * of the user's own models (custom_models_array). A stored model that is no longer in the list (removed
 * since, or typed into the free-text field of an older version) stays shown and in use until another is
 * chosen: removing a model from the list never switches the model silently.
 */
export function OpenRouterModelSelect() {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const options = [
    { value: OPENROUTER_AUTO, label: t('settings.transcription.autoModel') },
    ...settings.custom_models_array
      .filter((model) => model !== OPENROUTER_AUTO)
      .map((model) => ({ value: model, label: model })),
  ];
  return (
    <SettingSelect
      field="preferred_model"
      label={t('settings.transcription.preferredModel')}
      hint={t('settings.transcription.preferredModelHint')}
      options={options}
    />
  );
}
