/** A data key's raw bytes, to compare two keys in a test (the app never exports one). */
export async function exportKey(key: CryptoKey): Promise<number[]> {
  return [...new Uint8Array(await crypto.subtle.exportKey('raw', key))];
}
