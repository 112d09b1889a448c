import type { Transaction } from 'dexie';

/**
 * Schema version 3: every recording row has `segments`. Stored rows get an empty list; a queued creation
 * of a recording gets one too, stamped like the row's other fields, because the server accepts a new row
 * only with every field (R9) and would otherwise keep it as a rejected conflict.
 */
export async function addRecordingSegments(tx: Transaction): Promise<void> {
  await tx
    .table('recordings')
    .toCollection()
    .modify((row: Record<string, unknown>) => {
      if (!Array.isArray(row['segments'])) row['segments'] = [];
    });
  await tx
    .table('outbox')
    .where('[table+entity_id]')
    .between(['recordings', ''], ['recordings', '\uffff'])
    .modify((row: { patch: Record<string, unknown>; hlc: Record<string, string> }) => {
      const stamp = row.hlc['created_at'];
      if (!('created_at' in row.patch) || 'segments' in row.patch || stamp === undefined) return;
      row.patch['segments'] = [];
      row.hlc['segments'] = stamp;
    });
}
