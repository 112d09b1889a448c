/**
 * Editors that are open right now register here, so a transcript meant for the field being edited is
 * inserted at the cursor instead of appended behind the user's back. Module state: there is one
 * document, and an editor unregisters when it unmounts.
 */
export type InsertAtCursor = (text: string) => void;

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
