import { z } from 'zod';

/** Fields shared by every synced entity. */
export const idSchema = z.string().min(1).max(64);
export const instantSchema = z.iso.datetime({ offset: true });
export const daySchema = z.iso.date();
export const timeZoneSchema = z.string().min(1).max(64);
export const fontSchema = z.string().trim().min(1).max(80);
export const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/);
export const fontSizeSchema = z.number().int().min(8).max(96);
export const tagSchema = z.string().trim().min(1).max(50);
export const deletedAtSchema = instantSchema.nullable();

/** Sync bookkeeping kept on every local row (never sent as a field). */
export interface RowSync {
  /** server_version of the last server state applied; 0 = never seen by the server. */
  version: number;
  /** HLC of the value held for each field. */
  hlc: Record<string, string>;
  /** Notes only, derived on every write (src/db/note-list-index.ts): the list's sort key, live notes only. */
  order?: string;
  /** Notes only, derived likewise: the tags the tag filter offers, live notes only. */
  liveTags?: string[];
}

export type Stored<T> = T & { _sync: RowSync };
