import { useEffect, useState } from 'react';

export interface AudioInput {
  deviceId: string;
  label: string;
}

/** The microphones the browser lists (labels appear once microphone permission was given). */
export function useAudioInputs(): AudioInput[] {
  const [inputs, setInputs] = useState<AudioInput[]>([]);
  useEffect(() => {
    const media = navigator.mediaDevices;
    if (!media?.enumerateDevices) return;
    let active = true;
    // Sync, so that it can be the devicechange listener; the rejection handler below reports a failure.
    const list = () => {
      media.enumerateDevices().then(
        (devices) => {
          if (!active) return;
          setInputs(
            devices
              .filter(
                (device) => device.kind === 'audioinput' && device.deviceId && device.deviceId !== 'default',
              )
              .map((device, index) => ({
                deviceId: device.deviceId,
                label: device.label || `#${index + 1}`,
              })),
          );
        },
        (error: unknown) => console.error('Listing microphones failed', error),
      );
    };
    list();
    media.addEventListener?.('devicechange', list);
    return () => {
      active = false;
      media.removeEventListener?.('devicechange', list);
    };
  }, []);
  return inputs;
}
