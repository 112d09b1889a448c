/**
 * The engine's only door to the server (R1). Implementations: the supabase-js RPC transport
 * (`src/lib/sync/supabase-sync-transport.ts`), and FakeTransport over the in-memory server model in tests. Responses are returned raw
 * (`unknown`) because the engine validates them itself (R4).
 */
export interface SyncSession {
  userId: string;
  accessToken: string;
}

export type TransportErrorKind =
  /** No answer: offline, timeout, dropped connection. The request may or may not have been applied. */
  | 'network'
  /** 401: the session expired or was revoked (R32). */
  | 'unauthorized'
  /** 403 for another user's data or outbox (R31). */
  | 'forbidden'
  /** 403 from an encrypted journal refusing clear text from a device without its key (R45). */
  | 'journal_locked'
  /** 403 from a journal whose encryption was turned off, refusing a sealed value (R46). */
  | 'journal_clear'
  /** Any other 4xx: the server refuses the request as such (R16). */
  | 'rejected'
  /** 5xx or 429: try again later. */
  | 'server';

/**
 * How the server's refusals for encryption begin: an encrypted journal's of clear text (R45, migration
 * 20261203000700) is `journal_locked`, a clear journal's of a sealed value (R46, migration
 * 20261203000800) `journal_clear`; any other 403 is `forbidden`.
 */
export function forbiddenKind(message: string): 'forbidden' | 'journal_locked' | 'journal_clear' {
  if (message.startsWith('journal_not_encrypted')) return 'journal_clear';
  return message.startsWith('journal_encrypted') ? 'journal_locked' : 'forbidden';
}

export class TransportError extends Error {
  readonly kind: TransportErrorKind;
  readonly status: number | null;
  constructor(kind: TransportErrorKind, message: string, status: number | null = null) {
    super(message);
    this.name = 'TransportError';
    this.kind = kind;
    this.status = status;
  }
}

export interface SyncTransport {
  push(request: unknown, session: SyncSession): Promise<unknown>;
  pull(request: unknown, session: SyncSession): Promise<unknown>;
  /**
   * Realtime poke (R27): the server's clock moved to `poke.version`. The real transport also pokes
   * (version 0) on every (re)subscription of the realtime channel, so a reconnect pulls.
   */
  onPoke(listener: (poke: SyncPoke) => void): () => void;
}

/**
 * A realtime poke. `page`, when present, is what the server says the commit that poked wrote: its rows
 * and the clock before it (R27a). It comes as received, unchecked: the engine validates it.
 */
export interface SyncPoke {
  version: number;
  page?: unknown;
}
