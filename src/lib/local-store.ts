import type { ZodType } from 'zod';

/**
 * localStorage behind one helper: private modes and full quotas throw, and a preference that cannot be
 * read or written must never stop the app.
 */
const PRODUCT_STORAGE_PREFIX = 'murmur';

export function storageKey(name: string): string {
  return `${PRODUCT_STORAGE_PREFIX}-${name}`;
}

export function readLocal(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch (error) {
    console.warn(`Murmur could not read ${key} from local storage`, error);
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch (error) {
    console.warn(`Murmur could not write ${key} to local storage`, error);
  }
}

export function removeLocal(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch (error) {
    console.warn(`Murmur could not remove ${key} from local storage`, error);
  }
}

/**
 * A JSON record kept under `key`, checked against `schema`: null when there is none, and null with a
 * warning (`unreadable`, for the console) when what is stored is not such a record.
 */
export function readLocalRecord<T>(key: string, schema: ZodType<T>, unreadable: string): T | null {
  const raw = readLocal(key);
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: reported below like a record of the wrong shape.
  }
  console.warn(unreadable);
  return null;
}
