/**
 * Where RxDB's Dexie storage keeps the peer page's notes in IndexedDB (`rxdb-dexie-<database>--<schema
 * version>--<collection>`, table `docs`, a deleted document kept with `_deleted`): the bench reads a
 * peer device's data there from outside, as it reads Murmur's, rather than through RxDB's queries, which
 * leave deleted documents out. The names follow from rxdb-peer-page.ts's database and collection.
 */
export const PEER_STORE = { database: 'rxdb-dexie-peer--0--notes', store: 'docs' } as const;
