import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { WrongUnlockSecretError } from '../../sync/crypto/crypto-errors.ts';
import { TextField } from '../../ui/text-field.tsx';
import { settingFieldStyles } from '../settings/index.ts';
import styles from './encryption.module.css';
import { journalEnvelopeQuery } from './journal-envelope-query.ts';
import {
  EnvelopeChangedError,
  replaceJournalEnvelope,
  type JournalEnvelopeRow,
} from './journal-envelope-source.ts';
import { MIN_PASSPHRASE_LENGTH } from './turn-on-encryption.tsx';

type Outcome = 'short' | 'mismatch' | 'wrong' | 'changed' | 'failed' | 'done';

/**
 * A new passphrase for an encrypted journal: the current one opens the data key (so a device left
 * unattended cannot lock its owner out), the new one wraps it again. No entry is re-encrypted; the
 * recovery key keeps working; other devices keep their key.
 */
export function ChangePassphrase({ userId, read }: { userId: string; read: JournalEnvelopeRow }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [working, setWorking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (next.length < MIN_PASSPHRASE_LENGTH) return setOutcome('short');
    if (next !== repeat) return setOutcome('mismatch');
    setOutcome(null);
    setWorking(true);
    const query = journalEnvelopeQuery(userId);
    try {
      const { changePassphrase, unlockWithPassphrase } = await import('../../sync/crypto/key-envelope.ts');
      const dataKey = await unlockWithPassphrase(read.envelope, current);
      const replaced = await replaceJournalEnvelope(
        userId,
        read,
        await changePassphrase(read.envelope, dataKey, next),
      );
      queryClient.setQueryData(query.queryKey, replaced);
      setCurrent('');
      setNext('');
      setRepeat('');
      setOutcome('done');
    } catch (error) {
      if (error instanceof EnvelopeChangedError)
        await queryClient.invalidateQueries({ queryKey: query.queryKey });
      else if (!(error instanceof WrongUnlockSecretError))
        console.error('Changing the passphrase failed', error);
      setOutcome(
        error instanceof WrongUnlockSecretError
          ? 'wrong'
          : error instanceof EnvelopeChangedError
            ? 'changed'
            : 'failed',
      );
    } finally {
      setWorking(false);
    }
  };

  return (
    <form className={settingFieldStyles.group} onSubmit={(event) => void submit(event)} noValidate>
      <h3>{t('encryption.change.title')}</h3>
      <p>{t('encryption.change.explain')}</p>
      <TextField
        label={t('encryption.change.current')}
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        error={outcome === 'wrong' ? t('encryption.change.wrong') : null}
        disabled={working}
      />
      <TextField
        label={t('encryption.change.next')}
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(event) => setNext(event.target.value)}
        hint={t('encryption.turnOn.passphraseHint', { count: MIN_PASSPHRASE_LENGTH })}
        error={outcome === 'short' ? t('encryption.turnOn.short', { count: MIN_PASSPHRASE_LENGTH }) : null}
        disabled={working}
      />
      <TextField
        label={t('encryption.change.repeat')}
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={(event) => setRepeat(event.target.value)}
        error={outcome === 'mismatch' ? t('encryption.turnOn.mismatch') : null}
        disabled={working}
      />
      {outcome === 'changed' || outcome === 'failed' ? (
        <p role="alert" className={styles.error}>
          {t(`encryption.change.${outcome}`)}
        </p>
      ) : null}
      <p role="status">
        {working ? t('encryption.change.working') : outcome === 'done' ? t('encryption.change.done') : ''}
      </p>
      <div className={settingFieldStyles.actions}>
        <button type="submit" className="button" disabled={working}>
          {t('encryption.change.submit')}
        </button>
      </div>
    </form>
  );
}
