export { EncryptionProgress } from './encryption-progress.tsx';
export { PrivacySettings } from './privacy-settings.tsx';
export { useResyncWhenJournalClear } from './use-resync-when-journal-clear.ts';
