import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import styles from './onboarding.module.css';

type MicState = 'unknown' | 'granted' | 'denied' | 'unavailable';

/**
 * Why Murmur asks for the microphone, before the browser does: recording happens only while the user
 * holds the record button, and audio is transcribed for them. Asking here is optional.
 */
export function MicrophoneExplainer() {
  const { t } = useTranslation();
  const [state, setState] = useState<MicState>('unknown');

  const ask = async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unavailable');
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      stream.getTracks().forEach((track) => track.stop());
      setState('granted');
    } catch (error) {
      console.warn('Microphone permission was not granted', error);
      setState('denied');
    }
  };

  return (
    <fieldset className={styles.group}>
      <legend>{t('onboarding.microphone.heading')}</legend>
      <p>{t('onboarding.microphone.explain')}</p>
      <p>{t('onboarding.microphone.later')}</p>
      <button type="button" className="button" onClick={() => void ask()} disabled={state === 'granted'}>
        {t('onboarding.microphone.allow')}
      </button>
      {state !== 'unknown' ? <p role="status">{t(`onboarding.microphone.${state}`)}</p> : null}
    </fieldset>
  );
}
