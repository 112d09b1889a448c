import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Everything the local backend can be told. `resolveConfig` fills the gaps with development defaults, so a
 * caller only names what differs (a port, a data directory, a database URL).
 */
export interface RateLimitRule {
  /** Requests allowed per window. */
  readonly max: number;
  readonly windowSeconds: number;
}

export interface BackendOptions {
  /** Port to listen on; 0 picks a free one. Default 54321. */
  readonly port?: number;
  /** Interface to bind. Default 127.0.0.1. */
  readonly host?: string;
  /** PGlite data directory. Ignored when `databaseUrl` is set. Default `.data/pglite`. Use 'memory://' for a throwaway database. */
  readonly dataDir?: string;
  /** A PostgreSQL connection string; when present the server uses it instead of PGlite. */
  readonly databaseUrl?: string;
  /** HS256 secret for every JWT. Default: the Supabase CLI development secret. */
  readonly jwtSecret?: string;
  /** Access-token lifetime in seconds. Default 3600. */
  readonly jwtExpirySeconds?: number;
  /** Where email links send users when no allowed redirect_to is given. */
  readonly siteUrl?: string;
  /** Extra redirect targets besides localhost/127.0.0.1 URLs and `siteUrl`. */
  readonly additionalRedirectUrls?: readonly string[];
  /** Require email confirmation before password sign-in. Default false (autoconfirm). */
  readonly enableEmailConfirmation?: boolean;
  /** Allow signInAnonymously(). Default false, as on Supabase. */
  readonly enableAnonymousSignIns?: boolean;
  /** A revoked refresh token is still honoured within this many seconds (GoTrue's reuse interval). Default 10. */
  readonly refreshTokenReuseIntervalSeconds?: number;
  /** Largest accepted request body. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** Directory with the ordered `*.sql` migrations. Default `supabase/migrations`. */
  readonly migrationsDir?: string;
  /** Directory with one `<name>/index.ts` per Edge Function. Default `supabase/functions`. */
  readonly functionsDir?: string;
  /** Per-IP and per-email limits on sign-in, signup, recover and otp; and on guesses at codes. */
  readonly rateLimits?: Partial<RateLimits>;
  /**
   * A realtime socket that sends nothing (not even its heartbeat, every 25 s in supabase-js) for this long is
   * closed, as Phoenix does after 60 s: a client that vanished without closing leaves no presence or
   * subscriptions behind. Default 60.
   */
  readonly realtimeIdleTimeoutSeconds?: number;
  /** Where Storage keeps object bytes. Default: a fresh directory under the OS temp dir. */
  readonly storageDir?: string;
  /** Largest Storage upload body (one request or one resumable chunk), and the global object size cap. Default 50 MiB. */
  readonly storageMaxUploadBytes?: number;
  /** Serve /mailbox, where every email the backend sends (sign-in links, codes) can be read. Default true. */
  readonly mailbox?: boolean;
  /**
   * Serve the development JWT secret or the open mailbox on an address other than loopback. Default
   * false: anyone who can reach the address could then sign tokens for any user or read their links.
   */
  readonly allowDevelopmentSecretsOnNetwork?: boolean;
  /**
   * On close, how long requests already in progress may take to finish before their connections are cut.
   * Default 10 seconds.
   */
  readonly shutdownGraceSeconds?: number;
}

interface RateLimits {
  readonly perIp: RateLimitRule;
  readonly perEmail: RateLimitRule;
  /**
   * Guesses at a code (/verify, MFA challenge and verify), per IP and per address or user: GoTrue's
   * verify limit, which keeps a 6-digit code unguessable within its lifetime.
   */
  readonly verify: RateLimitRule;
}

export interface BackendConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly jwtSecret: string;
  readonly jwtExpirySeconds: number;
  readonly siteUrl: string;
  readonly additionalRedirectUrls: readonly string[];
  readonly enableEmailConfirmation: boolean;
  readonly enableAnonymousSignIns: boolean;
  readonly refreshTokenReuseIntervalSeconds: number;
  readonly maxBodyBytes: number;
  readonly migrationsDir: string;
  readonly functionsDir: string;
  readonly rateLimits: RateLimits;
  readonly realtimeIdleTimeoutSeconds: number;
  readonly storageDir: string;
  readonly storageMaxUploadBytes: number;
  readonly mailbox: boolean;
  readonly shutdownGraceSeconds: number;
}

/** The Supabase CLI's well-known local secret; the demo anon and service_role keys are signed with it. */
export const DEVELOPMENT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export function resolveConfig(options: BackendOptions = {}): BackendConfig {
  const jwtSecret = options.jwtSecret ?? DEVELOPMENT_JWT_SECRET;
  // HS256 with a short secret is guessable; GoTrue and PostgREST both insist on 32 characters.
  if (jwtSecret.length < 32) throw new Error('JWT secret must be at least 32 characters long');
  const jwtExpirySeconds = options.jwtExpirySeconds ?? 3600;
  const realtimeIdleTimeoutSeconds = options.realtimeIdleTimeoutSeconds ?? 60;
  if (!Number.isInteger(realtimeIdleTimeoutSeconds) || realtimeIdleTimeoutSeconds < 1)
    throw new Error('The realtime idle timeout must be a whole number of seconds, at least 1');
  if (!Number.isInteger(jwtExpirySeconds) || jwtExpirySeconds < 30)
    throw new Error('JWT expiry must be an integer of at least 30 seconds');
  const shutdownGraceSeconds = options.shutdownGraceSeconds ?? 10;
  if (!(shutdownGraceSeconds >= 0 && shutdownGraceSeconds <= 3600))
    throw new Error('The shutdown grace period must be between 0 and 3600 seconds');
  const host = options.host ?? '127.0.0.1';
  const mailbox = options.mailbox ?? true;
  const open = developmentExposures(jwtSecret, mailbox);
  if (open.length > 0 && !isLoopback(host) && options.allowDevelopmentSecretsOnNetwork !== true)
    throw new Error(
      `refusing to serve ${open.join(' and ')} on ${host}, which other machines may reach: set JWT_SECRET ` +
        'and MAILBOX=off, or ALLOW_DEVELOPMENT_SECRETS_ON_NETWORK=true if that is really meant',
    );
  return {
    port: options.port ?? 54321,
    host,
    dataDir: options.dataDir ?? '.data/pglite',
    databaseUrl: options.databaseUrl,
    jwtSecret,
    jwtExpirySeconds,
    siteUrl: options.siteUrl ?? 'http://127.0.0.1:4173',
    additionalRedirectUrls: options.additionalRedirectUrls ?? [],
    enableEmailConfirmation: options.enableEmailConfirmation ?? false,
    enableAnonymousSignIns: options.enableAnonymousSignIns ?? false,
    refreshTokenReuseIntervalSeconds: options.refreshTokenReuseIntervalSeconds ?? 10,
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    migrationsDir: options.migrationsDir ?? 'supabase/migrations',
    functionsDir: options.functionsDir ?? 'supabase/functions',
    rateLimits: {
      perIp: options.rateLimits?.perIp ?? { max: 300, windowSeconds: 300 },
      perEmail: options.rateLimits?.perEmail ?? { max: 60, windowSeconds: 300 },
      verify: options.rateLimits?.verify ?? { max: 30, windowSeconds: 300 },
    },
    realtimeIdleTimeoutSeconds,
    storageDir: options.storageDir ?? mkdtempSync(join(tmpdir(), 'murmur-storage-')),
    storageMaxUploadBytes: options.storageMaxUploadBytes ?? 50 * 1024 * 1024,
    shutdownGraceSeconds,
    mailbox,
  };
}

/** Loopback addresses: only this machine reaches them. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function developmentExposures(jwtSecret: string, mailbox: boolean): string[] {
  return [
    ...(jwtSecret === DEVELOPMENT_JWT_SECRET ? ['the public development JWT secret'] : []),
    ...(mailbox ? ['the open mailbox'] : []),
  ];
}

/**
 * What a person should be told at start about a backend fit for development only: the JWT secret
 * everyone knows (anyone can sign a token for any user) and the mailbox anyone can read.
 */
export function developmentWarnings(config: BackendConfig): string[] {
  const warnings: string[] = [];
  if (config.jwtSecret === DEVELOPMENT_JWT_SECRET)
    warnings.push(
      'JWT secret: the public development secret. Anyone who can reach this backend can sign a token for any user. Set JWT_SECRET to keep a journal here.',
    );
  if (config.mailbox)
    warnings.push(
      `Mailbox: open at /mailbox. Every sign-in link and code this backend sends can be read there. Set MAILBOX=off when it is not needed.`,
    );
  return warnings;
}
