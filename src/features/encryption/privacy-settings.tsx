import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { heldJournalKey } from '../../db/journal-key.ts';
import { turningEncryptionOff } from '../../db/turning-encryption-off.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { settingFieldStyles } from '../settings/index.ts';
import { ChangePassphrase } from './change-passphrase.tsx';
import { CloudTranscriptionConsent } from './cloud-transcription-consent.tsx';
import { journalEnvelopeQuery } from './journal-envelope-query.ts';
import { JournalPasskeys } from './journal-passkeys.tsx';
import { RecoveryKeyPanel } from './recovery-key-panel.tsx';
import { TurnOffEncryption } from './turn-off-encryption.tsx';
import { TurnOnEncryption } from './turn-on-encryption.tsx';
import { UnlockJournal } from './unlock-journal.tsx';

/**
 * Settings → Privacy: end-to-end encryption of the journal (ADR 0151). In clear, it offers to turn it
 * on; encrypted without a key on this device, it unlocks; encrypted and unlocked, it says so and keeps
 * the passkeys that unlock it and the passphrase (ADR 0154), and offers to turn encryption off (ADR
 * 0152), which says so while it waits for the server. The recovery key made by turning it on is shown
 * here once, whatever the page shows beside it.
 */
export function PrivacySettings() {
  const { t } = useTranslation();
  const userData = useUserData();
  const envelope = useQuery(journalEnvelopeQuery(userData?.userId ?? null));
  const heldKey = useLiveQuery(
    () => (userData ? heldJournalKey(userData.db) : Promise.resolve(undefined)),
    [userData],
  );
  const turningOff = useLiveQuery(
    () => (userData ? turningEncryptionOff(userData.db) : Promise.resolve(undefined)),
    [userData],
  );
  const [recoveryKey, setRecoveryKey] = useState<string | null>(null);
  if (!userData) return null;

  let body: React.ReactNode;
  if (envelope.data === undefined) {
    body = envelope.isError ? (
      <div role="alert">
        <p>{t('encryption.checkFailed')}</p>
        <button type="button" className="button" onClick={() => void envelope.refetch()}>
          {t('encryption.retry')}
        </button>
      </div>
    ) : (
      <Spinner label={t('encryption.checking')} />
    );
  } else if (envelope.data === null) {
    body = <TurnOnEncryption userData={userData} onRecoveryKey={setRecoveryKey} />;
  } else if (heldKey === undefined) {
    body = <Spinner label={t('encryption.checking')} />;
  } else if (heldKey === null) {
    body = <UnlockJournal userData={userData} envelope={envelope.data.envelope} />;
  } else if (turningOff) {
    body = (
      <div className={settingFieldStyles.group}>
        <p role="status">{t('encryption.turnOff.pending')}</p>
      </div>
    );
  } else {
    body = (
      <>
        <div className={settingFieldStyles.group}>
          <p role="status">{t('encryption.on')}</p>
          <p>{t('encryption.onDetail')}</p>
          <CloudTranscriptionConsent userData={userData} />
        </div>
        <JournalPasskeys userId={userData.userId} read={envelope.data} dataKey={heldKey} />
        <ChangePassphrase userId={userData.userId} read={envelope.data} />
        <TurnOffEncryption userData={userData} read={envelope.data} />
      </>
    );
  }
  return (
    <>
      {recoveryKey ? (
        <RecoveryKeyPanel recoveryKey={recoveryKey} onKept={() => setRecoveryKey(null)} />
      ) : null}
      {body}
    </>
  );
}
