import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { TextField } from '../../ui/text-field.tsx';
import { readPasskeyRecord, verifyPasskey } from './note-passkey.ts';
import { readPinRecord, verifyPin } from './note-pin.ts';
import { SetPinForm } from './set-pin-form.tsx';
import styles from './notes.module.css';

/**
 * Stands where a locked note's body would be. Nothing of the body is rendered until the PIN checks out.
 * A device with no PIN yet (a second device, or cleared site data) must set one first (docs/adr/0041).
 */
export function LockedNoteGate({ userId, onUnlock }: { userId: string; onUnlock: () => void }) {
  const { t } = useTranslation();
  const [record, setRecord] = useState(() => readPinRecord(userId));
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [passkey] = useState(() => readPasskeyRecord(userId));

  if (record === null) {
    return (
      <section className={styles.gate} aria-labelledby="locked-note-heading">
        <h2 id="locked-note-heading">{t('notes.locked.heading')}</h2>
        <SetPinForm
          userId={userId}
          intro={t('notes.locked.noPin')}
          submitLabel={t('notes.locked.setAndUnlock')}
          onDone={(created) => {
            setRecord(created);
            onUnlock();
          }}
        />
      </section>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecking(true);
    const ok = await verifyPin(pin, record);
    setChecking(false);
    if (ok) onUnlock();
    else {
      setPin('');
      setError(t('notes.locked.wrongPin'));
    }
  };

  const unlockWithPasskey = async () => {
    if (!passkey) return;
    setChecking(true);
    setError(null);
    let ok = false;
    try {
      ok = await verifyPasskey(passkey);
    } catch (failure) {
      console.warn('The passkey did not unlock the note', failure);
    }
    setChecking(false);
    if (ok) onUnlock();
    else setError(t('notes.locked.passkeyFailed'));
  };

  return (
    <section className={styles.gate} aria-labelledby="locked-note-heading">
      <h2 id="locked-note-heading">{t('notes.locked.heading')}</h2>
      {passkey ? (
        <button
          type="button"
          className="button button-primary"
          disabled={checking}
          onClick={() => void unlockWithPasskey()}
        >
          {t('notes.locked.usePasskey')}
        </button>
      ) : null}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('notes.locked.pin')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={pin}
          onChange={(event) => setPin(event.target.value.trim())}
          error={error}
        />
        <button type="submit" className="button button-primary" disabled={checking}>
          {t('notes.locked.unlock')}
        </button>
      </form>
    </section>
  );
}
