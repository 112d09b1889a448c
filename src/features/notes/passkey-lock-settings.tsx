import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  createPasskey,
  passkeyAvailable,
  readPasskeyRecord,
  removePasskeyRecord,
  writePasskeyRecord,
} from './note-passkey.ts';

/**
 * Adds or removes this device's passkey for locked notes, where the browser has a platform
 * authenticator; the PIN stays as the way in when the passkey cannot be used. Says what happened in
 * `onStatus` (the settings' live region).
 */
export function PasskeyLockSettings({
  userId,
  userName,
  onStatus,
}: {
  userId: string;
  userName: string;
  onStatus: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [available, setAvailable] = useState(false);
  const [hasPasskey, setHasPasskey] = useState(() => readPasskeyRecord(userId) !== null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void passkeyAvailable().then((yes) => {
      if (live) setAvailable(yes);
    });
    return () => {
      live = false;
    };
  }, []);

  if (!available) return null;

  const add = async () => {
    setBusy(true);
    try {
      writePasskeyRecord(userId, await createPasskey(userId, userName));
      setHasPasskey(true);
      onStatus(t('notes.lock.passkeySaved'));
    } catch (error) {
      console.warn('Murmur could not add a passkey for locked notes', error);
      onStatus(t('notes.lock.passkeyFailed'));
    } finally {
      setBusy(false);
    }
  };

  const remove = () => {
    removePasskeyRecord(userId);
    setHasPasskey(false);
    onStatus(t('notes.lock.passkeyRemoved'));
  };

  return hasPasskey ? (
    <button type="button" className="button" onClick={remove}>
      {t('notes.lock.removePasskey')}
    </button>
  ) : (
    <button type="button" className="button" disabled={busy} onClick={() => void add()}>
      {t('notes.lock.addPasskey')}
    </button>
  );
}
