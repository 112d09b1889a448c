/**
 * What a start-up picture must find in IndexedDB to be shown (docs/adr/0107, amendment of the twelfth
 * session): the rows it shows, read again at the next start the way the screen reads them, each equal
 * to the row the picture was taken from. index.html's boot script reads them before it lets the
 * picture show; any difference, or no answer in time, and it is never shown. A checked picture is
 * therefore the database's own rows at the moment of the start, not the screen as it once was.
 *
 * index.html's boot script is plain JavaScript and repeats pictureRowHash; change both together (the
 * end-to-end test of the picture fails when they disagree: a picture that never matches never shows).
 */
export interface PictureRead {
  /** The object store the screen reads. */
  store: string;
  /** The index it reads in, first key first; the store's own key order without one. */
  index?: string;
  /** Each row's pictureRowHash, in read order: exactly these rows must come back, no more, no fewer. */
  hashes: string[];
}

export interface PictureCheck {
  /** The IndexedDB database the rows are in (never created by the check: a missing one fails it). */
  database: string;
  reads: PictureRead[];
}

/**
 * A row's fingerprint: FNV-1a (32 bits) of its JSON with the JSON's length, in base 36. Rows read from
 * the same stored record give the same JSON (structured clone keeps the properties' order).
 */
export function pictureRowHash(row: unknown): string {
  const json = JSON.stringify(row) ?? '';
  let hash = 0x811c9dc5;
  for (let i = 0; i < json.length; i += 1) hash = Math.imul(hash ^ json.charCodeAt(i), 0x01000193);
  return `${json.length.toString(36)}.${(hash >>> 0).toString(36)}`;
}
