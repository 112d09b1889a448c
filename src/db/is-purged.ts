/**
 * Whether a note or diary entry was deleted forever (R42): deleted, and with no words left in it. No
 * list shows it, and its page says it does not exist: there is nothing in it to restore. Words an
 * editor saves into it afterwards (R39) make it a deleted entry again.
 */
export function isPurged(entry: {
  deleted_at: string | null;
  title: string;
  body: string;
  tags?: readonly string[];
}): boolean {
  return (
    entry.deleted_at !== null && entry.title === '' && entry.body === '' && (entry.tags?.length ?? 0) === 0
  );
}
