import type { MurmurDatabase } from '../db/schema.ts';
import { applyPullPage } from './apply-pull-page.ts';
import type { JournalCipher } from './crypto/journal-cipher.ts';
import { MalformedResponseError } from './errors.ts';
import { checkPulledRows } from './fetch-pull-page.ts';
import { pokePageSchema } from './protocol.ts';
import type { SyncPoke } from './transport.ts';

/**
 * A poke's rows applied in place of the pull it would start (R27a). The poke says the commit that
 * moved the user's clock from `page.from` to `poke.version` wrote exactly these rows, so a database
 * whose cursor is `from` applies them with the cursor moved to the poke's version, in one transaction,
 * as a pull page is (R13, R14). Any other cursor, or a push of ours acknowledged after the last page
 * that reached the server's clock (R14a), leaves everything as it was.
 *
 * Resolves true when nothing is left to pull for this poke: its rows are applied, or the cursor already
 * covers its version. False when a pull is needed. Rejects with MalformedResponseError when the page is
 * not a poke page, JournalDecryptionError when an encrypted journal's row does not open (nothing is
 * written either way). A device without the key keeps rows holding a sealed value (R47).
 */
export async function applyPokePage(
  db: MurmurDatabase,
  poke: SyncPoke,
  cipher: JournalCipher | null,
): Promise<boolean> {
  if (poke.page === undefined) return false;
  const parsed = pokePageSchema.safeParse(poke.page);
  if (!parsed.success) throw new MalformedResponseError(`poke page: ${parsed.error.message}`);
  const { from } = parsed.data;
  const { rows, kept } = await checkPulledRows(cipher, parsed.data.rows);
  const all = [...rows, ...kept];
  if (from >= poke.version || all.some((row) => row.version <= from || row.version > poke.version)) {
    throw new MalformedResponseError(`poke page holds versions outside ${from}–${poke.version}`);
  }
  // Without the key, rows holding a sealed value are kept off every screen, and the rest applied (R47).
  const result = await applyPullPage(db, rows, poke.version, undefined, { pokeFrom: from, keep: kept });
  return !result.stale || result.cursor >= poke.version;
}
