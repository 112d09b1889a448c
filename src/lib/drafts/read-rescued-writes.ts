import { z } from 'zod';

import { rescueKeys, type StoredRescue } from './rescued-writes.ts';

const seenSchema = z.record(z.string(), z.object({ value: z.unknown(), hlc: z.string() }));

const rescuedWriteSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('note'),
    id: z.string().min(1),
    patch: z.record(z.string(), z.unknown()),
    seen: seenSchema.optional(),
  }),
  z.object({
    kind: z.literal('new-note'),
    id: z.string().min(1),
    fields: z.record(z.string(), z.unknown()),
  }),
  z.object({
    kind: z.literal('new-diary-entry'),
    id: z.string().min(1),
    fields: z.record(z.string(), z.unknown()),
  }),
  z.object({
    kind: z.literal('diary-entry'),
    id: z.string().min(1),
    patch: z.record(z.string(), z.unknown()),
    seen: seenSchema.optional(),
  }),
  z.object({ kind: z.literal('form-draft'), key: z.string().min(1), value: z.unknown() }),
]);

const storedRescueSchema = z.object({ at: z.number(), write: rescuedWriteSchema });

/**
 * `userId`'s rescues, oldest first. One that cannot be read (another build wrote it, or it was edited
 * by hand) is reported and removed: it can never be replayed, and keeping it would report it forever.
 */
export function rescuedWrites(userId: string, storage: Storage = localStorage): StoredRescue[] {
  const rescues: StoredRescue[] = [];
  for (const key of rescueKeys(userId, storage)) {
    const parsed = storedRescueSchema.safeParse(parseJson(storage.getItem(key)));
    if (parsed.success) rescues.push({ key, ...(parsed.data as Omit<StoredRescue, 'key'>) });
    else {
      console.error(`Murmur removed a kept copy of unsaved words it cannot read (${key})`, parsed.error);
      storage.removeItem(key);
    }
  }
  return rescues.sort((a, b) => a.at - b.at || (a.key < b.key ? -1 : 1));
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
