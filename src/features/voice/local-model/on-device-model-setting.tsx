import { lazy, Suspense } from 'react';

import { useSettings } from '../../settings/index.ts';
import { transcribesOnDevice } from '../transcription/transcription-transport.ts';

// Loaded when shown: voice's entry is imported by every signed-in screen, the on-device model's code
// only by someone choosing Local Processing.
const OnDeviceModelPanel = lazy(() =>
  import('./on-device-model-panel.tsx').then((module) => ({ default: module.OnDeviceModelPanel })),
);

/** The on-device model panel, in the transcription settings while the user has chosen Local Processing. */
export function OnDeviceModelSetting() {
  const { settings } = useSettings();
  return transcribesOnDevice(settings) ? (
    <Suspense fallback={null}>
      <OnDeviceModelPanel />
    </Suspense>
  ) : null;
}
