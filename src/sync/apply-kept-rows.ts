import type { MurmurDatabase, SealedRow } from '../db/schema.ts';
import { MAX_ROWS_PER_APPLY } from './apply-groups.ts';
import { applyPullPage } from './apply-pull-page.ts';
import type { JournalCipher } from './crypto/journal-cipher.ts';
import { validatePulledRows } from './fetch-pull-page.ts';

/**
 * Rows kept sealed while this device had no key (R47, ADR 0155), opened with the key now held and
 * applied as pulled rows are (applyPullPage: R13's version guard, R14's rebase over queued fields),
 * one transaction per batch, each removing the kept rows it applied or found older than the tables'.
 * No pull from cursor 0: the cursor already covers them.
 *
 * `resendClear`: the key is the one this device retired when it turned encryption off (ADR 0152); the
 * rows it applies set the clear resend back to cover them, in the same transaction.
 *
 * Resolves true when every kept row was tried (a row kept anew meanwhile waits for the next call).
 * False when the kept rows may be older than a push of ours acknowledged since the last pull to the
 * server's clock (R14a): they wait for the next one, which removes those it makes older. Rejects with
 * JournalDecryptionError when a kept value does not open (nothing of its batch is written),
 * MalformedResponseError when an opened row is invalid.
 */
export async function applyKeptRows(
  db: MurmurDatabase,
  cipher: JournalCipher,
  { resendClear = false }: { resendClear?: boolean } = {},
): Promise<boolean> {
  let after: [string, string] | null = null;
  for (;;) {
    // In key order from the last batch on, so a row that stays (a newer one kept meanwhile, a table
    // this version does not know) cannot hold the loop.
    const ordered = after === null ? db.sealed_rows.orderBy(':id') : db.sealed_rows.where(':id').above(after);
    const batch: SealedRow[] = await ordered.limit(MAX_ROWS_PER_APPLY).toArray();
    const last: SealedRow | undefined = batch.at(-1);
    if (last === undefined) return true;
    const rows = validatePulledRows(await cipher.openRows(batch));
    const result = await applyPullPage(db, rows, 0, undefined, { fromKept: true, resendClear });
    if (result.stale) return false;
    after = [last.table, last.id];
  }
}
