import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { heldJournalKey } from '../../db/journal-key.ts';
import type { UserData } from '../../lib/user-data/user-data-context.ts';
import { WrongUnlockSecretError } from '../../sync/crypto/crypto-errors.ts';
import { settingFieldStyles } from '../settings/index.ts';
import styles from './encryption.module.css';
import { EnvelopeSecretField } from './envelope-secret-field.tsx';
import { finishTurningEncryptionOff } from './finish-turning-encryption-off.ts';
import { journalEnvelopeQuery } from './journal-envelope-query.ts';
import { EnvelopeChangedError, type JournalEnvelopeRow } from './journal-envelope-source.ts';
import { openEnvelopeWithPasskey, passkeyFailure } from './open-envelope-with-passkey.ts';
import { openEnvelopeWithSecret, type EnvelopeSecret } from './open-envelope-with-secret.ts';
import { OtherSecretButton } from './other-secret-button.tsx';
import { PasskeyChoice } from './passkey-choice.tsx';

type Outcome = 'empty' | 'wrong' | 'changed' | 'pending';

/**
 * Settings → Privacy, encrypted and unlocked here: "Turn off encryption" says what it does and asks for
 * a passkey of the journal, the passphrase or the recovery key (a device left unattended cannot strip
 * its owner's protection).
 * Confirmed, the confirmation is recorded on this device, the envelope goes from the server (at the
 * version read: a re-wrap elsewhere cancels it), then the key is forgotten and the journal resent clear
 * (encryption-progress.tsx shows it, and finishes after a reload). ADR 0152.
 */
export function TurnOffEncryption({ userData, read }: { userData: UserData; read: JournalEnvelopeRow }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [secret, setSecret] = useState<EnvelopeSecret>('passphrase');
  const [value, setValue] = useState('');
  const [working, setWorking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const passkeys = read.envelope.passkeys ?? [];
  const opener = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);

  // Opened by the keyboard or a pointer alike, the confirmation's secret field takes the focus.
  useEffect(() => {
    if (confirming) form.current?.querySelector('input')?.focus();
  }, [confirming]);

  const close = () => {
    setConfirming(false);
    setValue('');
    setOutcome(null);
    setPasskeyError(null);
    // Focus goes back where the person asked for the confirmation.
    queueMicrotask(() => opener.current?.focus());
  };

  /** Turns encryption off once `prove` showed the person holds a secret of this envelope. */
  const turnOff = async (prove: () => Promise<unknown>) => {
    setOutcome(null);
    setPasskeyError(null);
    setWorking(true);
    const query = journalEnvelopeQuery(userData.userId);
    try {
      // Only proves the person knows a secret of this envelope; the key itself is not needed.
      await prove();
      await userData.commands.startTurningEncryptionOff(read.version);
      await finishTurningEncryptionOff(userData, { waitForLock: true });
      // Finished here or by the banner meanwhile; a key still held means it was cancelled there.
      if ((await heldJournalKey(userData.db)) !== null) throw new EnvelopeChangedError();
      queryClient.setQueryData(query.queryKey, null);
    } catch (error) {
      if (error instanceof EnvelopeChangedError) {
        await queryClient.invalidateQueries({ queryKey: query.queryKey });
        setOutcome('changed');
      } else if (error instanceof WrongUnlockSecretError && error.secret !== 'passkey') {
        setOutcome('wrong');
      } else {
        const reason = passkeyFailure(error);
        if (reason) setPasskeyError(t(`encryption.unlock.passkey.${reason}`));
        else {
          console.error('Turning encryption off failed', error);
          setOutcome('pending');
        }
      }
      setWorking(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === '') return setOutcome('empty');
    void turnOff(() => openEnvelopeWithSecret(read.envelope, secret, value));
  };

  if (!confirming)
    return (
      <div className={settingFieldStyles.group}>
        <h3>{t('encryption.turnOff.title')}</h3>
        <p>{t('encryption.turnOff.explain')}</p>
        <div className={settingFieldStyles.actions}>
          <button ref={opener} type="button" className="button" onClick={() => setConfirming(true)}>
            {t('encryption.turnOff.open')}
          </button>
        </div>
      </div>
    );

  const fieldError =
    outcome === 'empty'
      ? t(`encryption.unlock.empty.${secret}`)
      : outcome === 'wrong'
        ? t(`encryption.turnOff.wrong.${secret}`)
        : null;
  return (
    <form
      ref={form}
      className={settingFieldStyles.group}
      onSubmit={submit}
      aria-labelledby="turn-off-encryption-title"
      noValidate
    >
      <h3 id="turn-off-encryption-title">{t('encryption.turnOff.title')}</h3>
      <p>
        <strong>{t('encryption.turnOff.confirmServer')}</strong>
      </p>
      <p>{t('encryption.turnOff.confirmDevices')}</p>
      {passkeys.length > 0 ? (
        <PasskeyChoice
          label={t('encryption.turnOff.passkey')}
          orSecret={t('encryption.turnOff.orSecret')}
          error={passkeyError}
          disabled={working}
          onTap={() => void turnOff(() => openEnvelopeWithPasskey(read.envelope))}
        />
      ) : null}
      <EnvelopeSecretField
        secret={secret}
        value={value}
        onChange={setValue}
        error={fieldError}
        disabled={working}
      />
      {outcome === 'changed' || outcome === 'pending' ? (
        <p role="alert" className={styles.error}>
          {t(`encryption.turnOff.${outcome}`)}
        </p>
      ) : null}
      <p role="status">{working ? t('encryption.turnOff.working') : ''}</p>
      <div className={settingFieldStyles.actions}>
        <button
          type="submit"
          className={passkeys.length > 0 ? 'button' : 'button button-primary'}
          disabled={working}
        >
          {t('encryption.turnOff.submit')}
        </button>
        <button type="button" className="button" disabled={working} onClick={close}>
          {t('encryption.turnOff.cancel')}
        </button>
        <OtherSecretButton
          secret={secret}
          disabled={working}
          onSwitch={(next) => {
            setSecret(next);
            setValue('');
            setOutcome(null);
          }}
        />
      </div>
    </form>
  );
}
