import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { TextField } from '../../ui/text-field.tsx';
import { hashPin, isValidPin, writePinRecord, type PinRecord } from './note-pin.ts';
import styles from './notes.module.css';

/** Sets (or replaces) this device's note-lock PIN: typed twice, stored only as a salted hash. */
export function SetPinForm({
  userId,
  intro,
  submitLabel,
  onDone,
}: {
  userId: string;
  intro: string;
  submitLabel: string;
  onDone: (record: PinRecord) => void;
}) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidPin(pin)) return setError(t('notes.lock.pinInvalid'));
    if (pin !== repeat) return setError(t('notes.lock.pinMismatch'));
    setBusy(true);
    try {
      const record = await hashPin(pin);
      writePinRecord(userId, record);
      onDone(record);
    } catch (failure) {
      console.error('Murmur could not set the note-lock PIN', failure);
      setError(t('notes.lock.pinFailed'));
      setBusy(false);
    }
  };

  return (
    <form className={styles.pinForm} onSubmit={(event) => void submit(event)} noValidate>
      <p>{intro}</p>
      <TextField
        label={t('notes.lock.newPin')}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        value={pin}
        onChange={(event) => setPin(event.target.value.trim())}
        hint={t('notes.lock.pinHint')}
        error={error}
      />
      <TextField
        label={t('notes.lock.repeatPin')}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        value={repeat}
        onChange={(event) => setRepeat(event.target.value.trim())}
      />
      <button type="submit" className="button button-primary" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
