export { targetKey } from './delivery/transcript-targets.ts';
export { useInsertAtCursor } from './delivery/use-insert-at-cursor.ts';
export { OnDeviceModelSetting } from './local-model/on-device-model-setting.tsx';
export { RecordButton } from './recorder/record-button.tsx';
export { RecorderProvider } from './recorder/recorder-provider.tsx';
export { EntryRecordings } from './recordings/entry-recordings.tsx';
export { WaitingRecordings } from './recordings/waiting-recordings.tsx';
