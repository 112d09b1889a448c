import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import {
  addPasskeyWrap,
  removePasskeyWrap,
  TooManyPasskeysError,
} from '../../sync/crypto/passkey-envelope.ts';
import { MAX_PASSKEY_WRAPS, newPasskeyPrfSalt } from '../../sync/crypto/passkey-wrapping-key.ts';
import { TextField } from '../../ui/text-field.tsx';
import { settingFieldStyles } from '../settings/index.ts';
import styles from './encryption.module.css';
import { journalEnvelopeQuery } from './journal-envelope-query.ts';
import {
  EnvelopeChangedError,
  replaceJournalEnvelope,
  type JournalEnvelopeRow,
} from './journal-envelope-source.ts';
import {
  createJournalPasskey,
  isAlreadyRegistered,
  isCancelledCeremony,
  PasskeyPrfUnavailableError,
} from './journal-passkey.ts';

type Failure = 'empty' | 'unavailable' | 'cancelled' | 'registered' | 'full' | 'changed' | 'failed';
type Done = 'added' | 'removed';

/**
 * Settings → Privacy, encrypted and unlocked here: the passkeys that unlock the journal with one tap
 * (ADR 0154). Adding one creates a WebAuthn credential with the PRF extension and stores the data key
 * wrapped for its PRF output in the envelope, replacing only the version read, as a passphrase change
 * does; removing one drops its wrap. A passkey whose browser or authenticator gives no PRF result is
 * said to be unusable and nothing is stored.
 */
export function JournalPasskeys({
  userId,
  read,
  dataKey,
}: {
  userId: string;
  read: JournalEnvelopeRow;
  dataKey: CryptoKey;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [label, setLabel] = useState(() => t('encryption.passkey.defaultLabel'));
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const passkeys = read.envelope.passkeys ?? [];
  const query = journalEnvelopeQuery(userId);

  const fail = async (error: unknown) => {
    if (error instanceof EnvelopeChangedError) {
      await queryClient.invalidateQueries({ queryKey: query.queryKey });
      return setFailure('changed');
    }
    if (error instanceof PasskeyPrfUnavailableError) return setFailure('unavailable');
    if (isCancelledCeremony(error)) return setFailure('cancelled');
    if (isAlreadyRegistered(error)) return setFailure('registered');
    if (error instanceof TooManyPasskeysError) return setFailure('full');
    console.error('Changing the journal’s passkeys failed', error);
    setFailure('failed');
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (label.trim() === '') return setFailure('empty');
    setFailure(null);
    setWorking(true);
    try {
      const prfSalt = newPasskeyPrfSalt();
      const answer = await createJournalPasskey(
        userId,
        t('encryption.passkey.credentialName'),
        prfSalt,
        passkeys,
      );
      const envelope = await addPasskeyWrap(read.envelope, dataKey, {
        ...answer,
        prfSalt,
        label: label.trim().slice(0, 100),
        createdAt: new Date().toISOString(),
      });
      queryClient.setQueryData(query.queryKey, await replaceJournalEnvelope(userId, read, envelope));
      setDone('added');
    } catch (error) {
      await fail(error);
    } finally {
      setWorking(false);
    }
  };

  const remove = async (credentialId: string) => {
    setDone(null);
    setFailure(null);
    setWorking(true);
    try {
      const envelope = removePasskeyWrap(read.envelope, credentialId);
      queryClient.setQueryData(query.queryKey, await replaceJournalEnvelope(userId, read, envelope));
      setDone('removed');
    } catch (error) {
      await fail(error);
    } finally {
      setWorking(false);
    }
  };

  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <section aria-labelledby="journal-passkeys-title" className={settingFieldStyles.group}>
      <h3 id="journal-passkeys-title">{t('encryption.passkey.title')}</h3>
      <p>{t('encryption.passkey.explain')}</p>
      {passkeys.length > 0 ? (
        <ul aria-label={t('encryption.passkey.list')} className={styles.passkeys}>
          {passkeys.map((passkey) => (
            <li key={passkey.credentialId}>
              <span>
                {passkey.label}
                <span className={settingFieldStyles.hint}>
                  {t('encryption.passkey.added', { date: date.format(new Date(passkey.createdAt)) })}
                </span>
              </span>
              <button
                type="button"
                className="button"
                disabled={working}
                aria-label={t('encryption.passkey.remove', { label: passkey.label })}
                onClick={() => void remove(passkey.credentialId)}
              >
                {t('encryption.passkey.removeShort')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {passkeys.length < MAX_PASSKEY_WRAPS ? (
        <form onSubmit={(event) => void add(event)} noValidate>
          <TextField
            label={t('encryption.passkey.label')}
            value={label}
            maxLength={100}
            onChange={(event) => setLabel(event.target.value)}
            error={failure === 'empty' ? t('encryption.passkey.failure.empty') : null}
            disabled={working}
          />
          <div className={settingFieldStyles.actions}>
            <button type="submit" className="button" disabled={working}>
              {t('encryption.passkey.add')}
            </button>
          </div>
        </form>
      ) : (
        <p>{t('encryption.passkey.full', { count: MAX_PASSKEY_WRAPS })}</p>
      )}
      {failure && failure !== 'empty' ? (
        <p role="alert" className={styles.error}>
          {t(`encryption.passkey.failure.${failure}`, { count: MAX_PASSKEY_WRAPS })}
        </p>
      ) : null}
      <p role="status">
        {working ? t('encryption.passkey.working') : done ? t(`encryption.passkey.done.${done}`) : ''}
      </p>
    </section>
  );
}
