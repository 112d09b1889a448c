import { useTranslation } from 'react-i18next';

import { appConfig } from '../../lib/config.ts';

const BUILT_AT = /^\d{4}-\d{2}-\d{2}T/;

/**
 * Which release and build is running, so a user (and support) can tell whether an update has arrived:
 * the version and, for a build named by its time, that time in the person's language rather than raw.
 */
export function AppVersion({ version = appConfig.version, buildId = appConfig.buildId }) {
  const { t, i18n } = useTranslation();
  const built = BUILT_AT.test(buildId) ? Date.parse(buildId) : Number.NaN;
  return (
    <p>
      {Number.isNaN(built)
        ? t('pwa.versionBuild', { version, build: buildId })
        : t('pwa.version', {
            version,
            date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(
              built,
            ),
          })}
    </p>
  );
}
