/**
 * localStorage behind one helper: private modes and full quotas throw, and a preference that cannot be
 * read or written must never stop the app.
 */
export const PRODUCT_STORAGE_PREFIX = 'murmur';

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
