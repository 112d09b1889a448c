import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { UserData } from '../../lib/user-data/user-data-context.ts';
import { WrongUnlockSecretError } from '../../sync/crypto/crypto-errors.ts';
import type { KeyEnvelope } from '../../sync/crypto/key-envelope.ts';
import { TextField } from '../../ui/text-field.tsx';
import { settingFieldStyles } from '../settings/index.ts';

type Secret = 'passphrase' | 'recovery';

/**
 * A device without the journal's key: the passphrase or the recovery key opens the envelope here, and
 * the data key is kept on this device; sync then pulls and opens what was written elsewhere. A wrong
 * secret changes nothing and says so.
 */
export function UnlockJournal({ userData, envelope }: { userData: UserData; envelope: KeyEnvelope }) {
  const { t } = useTranslation();
  const [secret, setSecret] = useState<Secret>('passphrase');
  const [value, setValue] = useState('');
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === '') return setError(t(`encryption.unlock.empty.${secret}`));
    setError(null);
    setWorking(true);
    try {
      const { unlockWithPassphrase, unlockWithRecoveryKey } =
        await import('../../sync/crypto/key-envelope.ts');
      const key =
        secret === 'passphrase'
          ? await unlockWithPassphrase(envelope, value)
          : await unlockWithRecoveryKey(envelope, value);
      await userData.commands.holdJournalKey(key);
    } catch (failure) {
      if (!(failure instanceof WrongUnlockSecretError))
        console.error('Unlocking the journal failed', failure);
      setError(
        failure instanceof WrongUnlockSecretError
          ? t(`encryption.unlock.wrong.${secret}`)
          : t('encryption.unlock.failed'),
      );
      setWorking(false);
    }
  };

  const other: Secret = secret === 'passphrase' ? 'recovery' : 'passphrase';
  return (
    <form className={settingFieldStyles.group} onSubmit={(event) => void submit(event)} noValidate>
      <h3>{t('encryption.unlock.title')}</h3>
      <p>{t('encryption.unlock.explain')}</p>
      <TextField
        key={secret}
        label={t(`encryption.unlock.label.${secret}`)}
        type={secret === 'passphrase' ? 'password' : 'text'}
        autoComplete={secret === 'passphrase' ? 'current-password' : 'off'}
        spellCheck={false}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error}
        disabled={working}
      />
      <p role="status">{working ? t('encryption.unlock.working') : ''}</p>
      <div className={settingFieldStyles.actions}>
        <button type="submit" className="button button-primary" disabled={working}>
          {t('encryption.unlock.submit')}
        </button>
        <button
          type="button"
          className="button"
          disabled={working}
          onClick={() => {
            setSecret(other);
            setValue('');
            setError(null);
          }}
        >
          {t(`encryption.unlock.use.${other}`)}
        </button>
      </div>
    </form>
  );
}
