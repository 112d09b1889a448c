/**
 * A value that cannot be decrypted as what it claims to be: tampered with, moved to another field or
 * entry (its associated data differs), or encrypted under another key. Nothing is written from it.
 */
export class JournalDecryptionError extends Error {
  readonly where: string;

  constructor(where: string) {
    super(`Murmur could not decrypt ${where}: it was changed, moved, or encrypted with another key`);
    this.name = 'JournalDecryptionError';
    this.where = where;
  }
}

/** The passphrase, recovery key or passkey given does not open the journal's key. */
export class WrongUnlockSecretError extends Error {
  readonly secret: 'passphrase' | 'recovery key' | 'passkey';

  constructor(secret: 'passphrase' | 'recovery key' | 'passkey') {
    super(`That ${secret} does not unlock this journal`);
    this.name = 'WrongUnlockSecretError';
    this.secret = secret;
  }
}

/**
 * The server sent a sealed value, or refused clear text, to a device that holds no key for this
 * journal: it was encrypted elsewhere. Nothing is written; sync waits until the person unlocks the
 * journal here.
 */
export class JournalLockedError extends Error {
  constructor(detail: string) {
    super(`This journal is encrypted and this device has no key for it yet: ${detail}`);
    this.name = 'JournalLockedError';
  }
}
