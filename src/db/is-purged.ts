/**
 * Whether a note was deleted forever (R42): deleted, and with no words left in it. The trash does not
 * list it, and its page says it does not exist: there is nothing in it to restore. Words an editor saves
 * into it afterwards (R39) make it a note in the trash again.
 */
export function isPurged(note: {
  deleted_at: string | null;
  title: string;
  body: string;
  tags: readonly string[];
}): boolean {
  return note.deleted_at !== null && note.title === '' && note.body === '' && note.tags.length === 0;
}
