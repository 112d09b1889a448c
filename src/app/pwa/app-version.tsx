import { useTranslation } from 'react-i18next';

import { appConfig } from '../../lib/config.ts';

/** Which build is running, so a user (and support) can tell whether an update has arrived. */
export function AppVersion() {
  const { t } = useTranslation();
  return <p>{t('pwa.version', { id: appConfig.buildId })}</p>;
}
