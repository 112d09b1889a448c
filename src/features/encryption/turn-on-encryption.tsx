import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { UserData } from '../../lib/user-data/user-data-context.ts';
import { TextField } from '../../ui/text-field.tsx';
import { settingFieldStyles } from '../settings/index.ts';
import styles from './encryption.module.css';
import { journalEnvelopeQuery } from './journal-envelope-query.ts';
import {
  EnvelopeTakenError,
  storeJournalEnvelope,
  type JournalEnvelopeRow,
} from './journal-envelope-source.ts';

/** Long enough that, stretched with Argon2id, guessing it is out of reach for anyone with the server. */
export const MIN_PASSPHRASE_LENGTH = 10;

type Failure = 'short' | 'mismatch' | 'taken' | 'offline';

/**
 * Settings → Privacy with the journal in clear: "Encrypt my journal" makes a data key on this device,
 * wraps it for the passphrase and a new recovery key, and stores only the wraps on the server (the
 * first device to do so wins). The key is then kept here and what was written before is queued to be
 * resent sealed (encryption-progress.tsx does it, and goes on after a reload).
 */
export function TurnOnEncryption({
  userData,
  onRecoveryKey,
}: {
  userData: UserData;
  onRecoveryKey: (recoveryKey: string) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (passphrase.length < MIN_PASSPHRASE_LENGTH) return setFailure('short');
    if (passphrase !== repeat) return setFailure('mismatch');
    setFailure(null);
    setWorking(true);
    const query = journalEnvelopeQuery(userData.userId);
    try {
      const { createKeyEnvelope } = await import('../../sync/crypto/key-envelope.ts');
      const { envelope, dataKey, recoveryKey } = await createKeyEnvelope(passphrase);
      await storeJournalEnvelope(envelope);
      await userData.commands.holdJournalKey(dataKey);
      await userData.commands.startResendingWrittenEntries();
      await userData.commands.startResealingAudio();
      // The insert made the row's first version (migration 20261203000500's trigger).
      const stored: JournalEnvelopeRow = { envelope, version: 1 };
      queryClient.setQueryData(query.queryKey, stored);
      onRecoveryKey(recoveryKey);
    } catch (error) {
      if (error instanceof EnvelopeTakenError) {
        setFailure('taken');
        await queryClient.invalidateQueries({ queryKey: query.queryKey });
      } else {
        console.error('Turning encryption on failed', error);
        setFailure('offline');
      }
    } finally {
      setWorking(false);
    }
  };

  return (
    <form className={settingFieldStyles.group} onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('encryption.turnOn.explain')}</p>
      <p>{t('encryption.turnOn.clear')}</p>
      <p>
        <strong>{t('encryption.turnOn.warning')}</strong>
      </p>
      <TextField
        label={t('encryption.passphrase')}
        type="password"
        autoComplete="new-password"
        value={passphrase}
        onChange={(event) => setPassphrase(event.target.value)}
        hint={t('encryption.turnOn.passphraseHint', { count: MIN_PASSPHRASE_LENGTH })}
        error={failure === 'short' ? t('encryption.turnOn.short', { count: MIN_PASSPHRASE_LENGTH }) : null}
        disabled={working}
      />
      <TextField
        label={t('encryption.turnOn.repeat')}
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={(event) => setRepeat(event.target.value)}
        error={failure === 'mismatch' ? t('encryption.turnOn.mismatch') : null}
        disabled={working}
      />
      {failure === 'taken' || failure === 'offline' ? (
        <p role="alert" className={styles.error}>
          {t(`encryption.turnOn.${failure}`)}
        </p>
      ) : null}
      <p role="status">{working ? t('encryption.turnOn.working') : ''}</p>
      <div className={settingFieldStyles.actions}>
        <button type="submit" className="button button-primary" disabled={working}>
          {t('encryption.turnOn.submit')}
        </button>
      </div>
    </form>
  );
}
