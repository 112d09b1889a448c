/**
 * Ports src/db needs. Time, time zone and ids are injected so commands are deterministic in tests;
 * the real implementations live in src/sync/real-ports.ts (the only file allowed to touch the clock,
 * randomness and timers directly).
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** The device's IANA time zone, kept on dated entries. */
  timeZone(): string;
}

export interface IdSource {
  /** A new unique id (UUIDv7 in production). */
  next(): string;
}

export interface DbPorts {
  clock: Clock;
  ids: IdSource;
}
