import { z } from 'zod';

import { readLocalRecord, storageKey, writeLocal } from '../../lib/local-store.ts';

/**
 * The note-lock PIN, kept on this device only as a salted PBKDF2-SHA-256 hash (docs/adr/0041): the PIN
 * itself is never stored or sent anywhere. It guards locked notes against someone glancing at or picking
 * up an unlocked device; it is not encryption (the notes stay readable to whoever controls the browser).
 */
const PIN_PATTERN = /^\d{4,12}$/;
/** OWASP's 2023 figure for PBKDF2-HMAC-SHA-256. */
const PIN_ITERATIONS = 600_000;

const pinRecordSchema = z.strictObject({
  v: z.literal(1),
  salt: z.string().min(16),
  iterations: z.number().int().min(100_000),
  hash: z.string().min(32),
});
export type PinRecord = z.infer<typeof pinRecordSchema>;

export function isValidPin(pin: string): boolean {
  return PIN_PATTERN.test(pin);
}

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

async function derive(pin: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

export async function hashPin(pin: string, iterations = PIN_ITERATIONS): Promise<PinRecord> {
  if (!isValidPin(pin)) throw new Error('A PIN is 4 to 12 digits.');
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return { v: 1, salt: toBase64(salt), iterations, hash: toBase64(await derive(pin, salt, iterations)) };
}

export async function verifyPin(pin: string, record: PinRecord): Promise<boolean> {
  if (!isValidPin(pin)) return false;
  const actual = await derive(pin, fromBase64(record.salt), record.iterations);
  const expected = fromBase64(record.hash);
  if (actual.length !== expected.length) return false;
  // Compare every byte, so the time taken says nothing about how much of the hash matched.
  let difference = 0;
  for (let i = 0; i < actual.length; i += 1) difference |= (actual[i] ?? 0) ^ (expected[i] ?? 0);
  return difference === 0;
}

function pinKey(userId: string): string {
  return storageKey(`note-lock-pin:${userId}`);
}

/** This device's PIN record for the user, or null when none is set (or what is stored is not one). */
export function readPinRecord(userId: string): PinRecord | null {
  return readLocalRecord(
    pinKey(userId),
    pinRecordSchema,
    'Murmur ignored an unreadable note-lock PIN record; set the PIN again.',
  );
}

export function writePinRecord(userId: string, record: PinRecord): void {
  writeLocal(pinKey(userId), JSON.stringify(record));
}
