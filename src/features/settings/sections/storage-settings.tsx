import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';

import { useUserData } from '../../../lib/user-data/use-user-data.ts';
import { ExportImportPanel } from '../../export/index.ts';
import { SettingGroup } from '../fields/setting-group.tsx';
import styles from '../fields/setting-fields.module.css';
import { useStorageStatus } from './use-storage-status.ts';
import { formatBytes } from '../../../lib/i18n/intl-formats.ts';

export function StorageSettings() {
  const { t, i18n } = useTranslation();
  const userData = useUserData();
  const pending = useLiveQuery(
    () => (userData ? userData.db.outbox.count() : Promise.resolve(undefined)),
    [userData],
  );
  const [status, requestPersistence] = useStorageStatus();
  const bytes = (value: number) => formatBytes(i18n.language, value);

  return (
    <>
      <SettingGroup title={t('settings.storage.persistence')}>
        <p role="status">
          {!status.supported
            ? t('settings.storage.unsupported')
            : status.persisted === null
              ? t('settings.storage.checking')
              : status.persisted
                ? t('settings.storage.persisted')
                : t('settings.storage.notPersisted')}
        </p>
        {status.supported && status.persisted === false ? (
          <div className={styles.actions}>
            <button type="button" className="button button-primary" onClick={() => void requestPersistence()}>
              {t('settings.storage.askPersist')}
            </button>
          </div>
        ) : null}
        {status.usage !== null && status.quota !== null ? (
          <p>{t('settings.storage.usage', { used: bytes(status.usage), quota: bytes(status.quota) })}</p>
        ) : null}
      </SettingGroup>
      <SettingGroup title={t('settings.storage.sync')}>
        <p data-testid="pending-changes">
          {pending === undefined
            ? t('settings.storage.checking')
            : t('settings.storage.pending', { count: pending })}
        </p>
      </SettingGroup>
      <ExportImportPanel />
    </>
  );
}
