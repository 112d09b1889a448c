import Dexie from 'dexie';

import { LANDED_STORE } from './landed-chunk.ts';

/**
 * Whether reads of a database need to look at its landed store (landed-chunk.ts). Almost always it is
 * empty: once a read found it so, reads skip it, until a chunk is written in this thread (any
 * connection: one state per database name, as Dexie's cache answers another connection's live queries
 * at the commit, before any event) or another thread says it wrote the store (Dexie's storagemutated
 * event, which carries other tabs' and workers' commits). A read that began before such news does not
 * count as finding it empty.
 */
export class LandedPresence {
  private static readonly byName = new Map<string, LandedPresence>();

  /** The one state of the database named so in this thread. */
  static of(databaseName: string): LandedPresence {
    let presence = LandedPresence.byName.get(databaseName);
    if (!presence) LandedPresence.byName.set(databaseName, (presence = new LandedPresence(databaseName)));
    return presence;
  }

  private empty = false;
  private news = 0;

  private constructor(databaseName: string) {
    const prefix = `idb://${databaseName}/${LANDED_STORE}/`;
    Dexie.on('storagemutated', (parts) => {
      if (Object.keys(parts).some((part) => part.startsWith(prefix))) this.written();
    });
  }

  mayHold(): boolean {
    return !this.empty;
  }

  /** A token for a read about to look: pass it to foundNone. */
  generation(): number {
    return this.news;
  }

  foundNone(generation: number): void {
    if (generation === this.news) this.empty = true;
  }

  written(): void {
    this.news += 1;
    this.empty = false;
  }
}
