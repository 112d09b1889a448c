import type { TFunction } from 'i18next';

import type { SettingsMessages } from './settings-store.ts';

/** What the settings store tells the user, in the language `t` speaks. */
export function settingsMessages(t: TFunction): SettingsMessages {
  return {
    updated: t('settings.toast.updated'),
    failed: (message) => t('settings.toast.failed', { message }),
    rejected: t('settings.toast.rejected'),
    unknownError: t('settings.toast.unknownError'),
    signInRequired: t('settings.toast.signInRequired'),
    fontRequired: t('settings.toast.fontRequired'),
  };
}
