import { invalidKey } from './storage-error.ts';

// Supabase Storage's key rule (isValidKey): printable characters, no control characters.
const hasControlCharacter = (text: string) =>
  [...text].some((char) => {
    const code = char.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });

/** Decodes the URL segments of an object key and refuses what Supabase refuses, plus `.`/`..` segments. */
export function objectKey(segments: readonly string[]): string {
  let decoded: string[];
  try {
    decoded = segments.map((segment) => decodeURIComponent(segment));
  } catch {
    throw invalidKey('malformed percent-encoding');
  }
  const key = decoded.join('/');
  if (key === '') throw invalidKey('empty key');
  if (key.length > 1024) throw invalidKey('key longer than 1024 characters');
  if (hasControlCharacter(key)) throw invalidKey('control characters are not allowed');
  // Judged on the decoded key: an encoded slash (`..%2f`) makes a `..` segment of its own.
  if (key.split('/').some((part) => part === '' || part === '.' || part === '..'))
    throw invalidKey('empty, "." and ".." path segments are not allowed');
  return key;
}

export function bucketName(segment: string | undefined): string {
  let name: string;
  try {
    name = decodeURIComponent(segment ?? '');
  } catch {
    throw invalidKey('malformed bucket name');
  }
  if (!/^[A-Za-z0-9_.-]{1,100}$/.test(name)) throw invalidKey('bucket names use letters, digits, _ . -');
  return name;
}
