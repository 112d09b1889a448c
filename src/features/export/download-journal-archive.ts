import type { MurmurDatabase } from '../../db/schema.ts';
import { readBackupState, writeBackupState } from './backup-reminder.ts';
import { archiveFileName, exportJournal } from './core/export-journal.ts';
import { downloadBlob } from './download-blob.ts';
import { storageAudioDownload } from './storage-audio-download.ts';

/**
 * The whole journal as a Murmur archive, downloaded, and remembered as this device's last export (the
 * backup reminder counts from it). Loaded on demand: the zip writer is not needed before.
 */
export async function downloadJournalArchive(db: MurmurDatabase, now: Date): Promise<string> {
  const download = storageAudioDownload(db);
  const { blob } = await exportJournal(db, now, null, download ? { download } : {});
  const name = archiveFileName(now, null);
  downloadBlob(blob, name);
  writeBackupState(db.userId, { ...readBackupState(db.userId), lastExport: now.toISOString() });
  return name;
}
