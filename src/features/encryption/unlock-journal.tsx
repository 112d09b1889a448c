import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { UserData } from '../../lib/user-data/user-data-context.ts';
import { WrongUnlockSecretError } from '../../sync/crypto/crypto-errors.ts';
import type { KeyEnvelope } from '../../sync/crypto/key-envelope.ts';
import { settingFieldStyles } from '../settings/index.ts';
import { EnvelopeSecretField } from './envelope-secret-field.tsx';
import { openEnvelopeWithPasskey, passkeyFailure } from './open-envelope-with-passkey.ts';
import { openEnvelopeWithSecret, type EnvelopeSecret } from './open-envelope-with-secret.ts';
import { OtherSecretButton } from './other-secret-button.tsx';
import { PasskeyChoice } from './passkey-choice.tsx';

/**
 * A device without the journal's key: a passkey (first, where the envelope has passkey wraps), the
 * passphrase or the recovery key opens the envelope here, and the data key is kept on this device;
 * sync then pulls and opens what was written elsewhere. A wrong secret, or a cancelled or failed
 * passkey prompt, changes nothing and says so; the other ways stay usable.
 */
export function UnlockJournal({ userData, envelope }: { userData: UserData; envelope: KeyEnvelope }) {
  const { t } = useTranslation();
  const [secret, setSecret] = useState<EnvelopeSecret>('passphrase');
  const [value, setValue] = useState('');
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const passkeys = envelope.passkeys ?? [];

  const tapPasskey = async () => {
    setPasskeyError(null);
    setError(null);
    setWorking(true);
    try {
      await userData.commands.holdJournalKey(await openEnvelopeWithPasskey(envelope));
    } catch (failure) {
      const reason = passkeyFailure(failure);
      if (!reason) console.error('Unlocking the journal with a passkey failed', failure);
      setPasskeyError(reason ? t(`encryption.unlock.passkey.${reason}`) : t('encryption.unlock.failed'));
      setWorking(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPasskeyError(null);
    if (value.trim() === '') return setError(t(`encryption.unlock.empty.${secret}`));
    setError(null);
    setWorking(true);
    try {
      await userData.commands.holdJournalKey(await openEnvelopeWithSecret(envelope, secret, value));
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

  return (
    <form className={settingFieldStyles.group} onSubmit={(event) => void submit(event)} noValidate>
      <h3>{t('encryption.unlock.title')}</h3>
      <p>{t('encryption.unlock.explain')}</p>
      {passkeys.length > 0 ? (
        <PasskeyChoice
          label={t('encryption.unlock.passkey.submit')}
          orSecret={t('encryption.unlock.passkey.orSecret')}
          error={passkeyError}
          disabled={working}
          onTap={() => void tapPasskey()}
        />
      ) : null}
      <EnvelopeSecretField
        secret={secret}
        value={value}
        onChange={setValue}
        error={error}
        disabled={working}
      />
      <p role="status">{working ? t('encryption.unlock.working') : ''}</p>
      <div className={settingFieldStyles.actions}>
        <button
          type="submit"
          className={passkeys.length > 0 ? 'button' : 'button button-primary'}
          disabled={working}
        >
          {t('encryption.unlock.submit')}
        </button>
        <OtherSecretButton
          secret={secret}
          disabled={working}
          onSwitch={(next) => {
            setSecret(next);
            setValue('');
            setError(null);
          }}
        />
      </div>
    </form>
  );
}
