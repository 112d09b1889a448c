/**
 * Editors that are open right now register here, so a transcript meant for the field being edited goes
 * through the editor (at the cursor when paste_after_transcription is on, else at the end) instead of
 * being written behind its back, where its unsaved draft would overwrite it. Module state: there is one
 * document, and an editor unregisters when it unmounts.
 */
/** Inserts at the cursor, or at the end when `atCursor` is false; the editor saves it like typing. */
export type InsertAtCursor = (text: string, atCursor: boolean) => void;

const targets = new Map<string, InsertAtCursor>();

export function targetKey(table: string, id: string, field: string): string {
  return `${table}/${id}/${field}`;
}

export function registerTranscriptTarget(key: string, insert: InsertAtCursor): () => void {
  targets.set(key, insert);
  return () => {
    if (targets.get(key) === insert) targets.delete(key);
  };
}

export function openTranscriptTarget(key: string): InsertAtCursor | undefined {
  return targets.get(key);
}
