/**
 * The archive download with the zip code it needs, fetched only when someone asks for it: other features
 * reach it through this loader so that importing the export feature's entry never loads the zip code.
 */
export function loadJournalArchiveDownload() {
  return import('./download-journal-archive.ts');
}
