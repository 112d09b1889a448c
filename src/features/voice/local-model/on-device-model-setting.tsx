import { useSettings } from '../../settings/index.ts';
import { transcribesOnDevice } from '../transcription/transcription-transport.ts';
import { OnDeviceModelPanel } from './on-device-model-panel.tsx';

/** The on-device model panel, in the transcription settings while the user has chosen Local Processing. */
export function OnDeviceModelSetting() {
  const { settings } = useSettings();
  return transcribesOnDevice(settings) ? <OnDeviceModelPanel /> : null;
}
