export { BackupReminderNotice } from './backup-reminder-notice.tsx';
export { ARCHIVE_JSON_PATH } from './core/archive-format.ts';
export type { MurmurArchive } from './core/archive-format.ts';
export { exportJournal } from './core/export-journal.ts';
export { downloadBlob } from './download-blob.ts';
export { ExportImportPanel } from './export-import-panel.tsx';
export { loadJournalArchiveDownload } from './load-journal-archive-download.ts';
