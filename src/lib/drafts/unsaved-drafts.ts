/**
 * The open editors' savers, so code outside React can have every unsaved draft written now: before a
 * newer Murmur in another tab takes the database over (hand-over-to-newer-version.ts).
 */
const savers = new Set<() => Promise<unknown>>();

/** Registers an editor's saver (its autosave flush); returns the function that removes it. */
export function keepDraftSaver(save: () => Promise<unknown>): () => void {
  savers.add(save);
  return () => {
    savers.delete(save);
  };
}

/** Writes every registered draft; resolves when all have settled (a failed one is the editor's to show). */
export async function saveEveryDraft(): Promise<void> {
  await Promise.allSettled([...savers].map((save) => save()));
}
