import type { Transaction } from 'dexie';

import { everyFieldAt } from '../hlc.ts';

/** A record of the store versions 6 and 7 kept a first sync's rows in (docs/adr/0113, 0118). */
interface LandedChunk {
  table: string;
  rows: Record<string, unknown>[];
}

/** The row as its table stores it: a chunk kept an HLC every field shared once, as `_sync.hlc` (0118). */
function tableRow(row: Record<string, unknown>): Record<string, unknown> {
  const sync = row['_sync'] as { hlc?: unknown } | undefined;
  if (typeof sync?.hlc !== 'string') return row;
  const fields = Object.keys(row).filter((key) => key !== '_sync');
  return { ...row, _sync: { ...sync, hlc: everyFieldAt(fields, sync.hlc) } };
}

/**
 * Schema version 8 (docs/adr/0132): rows a first sync landed and had not settled yet move into their
 * tables before the store is deleted. The rules are settling's: a row its table holds was written there
 * later, so it stays; of an id in two chunks, the later chunk's (higher seq) is the newer row.
 */
export async function importLandedRows(tx: Transaction): Promise<void> {
  const byTable = new Map<string, Map<string, Record<string, unknown>>>();
  await tx.table('landed').each((chunk: LandedChunk) => {
    let rows = byTable.get(chunk.table);
    if (!rows) byTable.set(chunk.table, (rows = new Map()));
    for (const row of chunk.rows) rows.set(String(row['id']), row);
  });
  for (const [name, rows] of byTable) {
    // A table this version does not know stays unknown: its rows were never read.
    if (!tx.storeNames.includes(name)) continue;
    const table = tx.table(name);
    const stored = new Set((await table.toCollection().primaryKeys()).map(String));
    await table.bulkPut([...rows].filter(([id]) => !stored.has(id)).map(([, row]) => tableRow(row)));
  }
}
