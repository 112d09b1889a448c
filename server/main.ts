import { developmentWarnings } from './config.ts';
import { startBackend } from './start-backend.ts';

/**
 * `npm run backend`: the local Supabase-compatible backend. Environment: API_PORT, API_HOST, DATA_DIR,
 * DATABASE_URL, JWT_SECRET, JWT_EXPIRY, SITE_URL, ENABLE_EMAIL_CONFIRMATIONS, RATE_LIMIT_PER_IP, MAILBOX,
 * ALLOW_DEVELOPMENT_SECRETS_ON_NETWORK, SHUTDOWN_GRACE_SECONDS (see docs/backend.md).
 */
const env = process.env;
const port = env['API_PORT'] ? Number(env['API_PORT']) : 54321;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('API_PORT must be a port number');
  process.exit(1);
}
const perIp = env['RATE_LIMIT_PER_IP'] ? Number(env['RATE_LIMIT_PER_IP']) : undefined;
if (perIp !== undefined && (!Number.isInteger(perIp) || perIp < 1)) {
  console.error('RATE_LIMIT_PER_IP must be a positive whole number (requests per 5 minutes)');
  process.exit(1);
}
const mailboxSetting = env['MAILBOX'] ?? 'on';
if (mailboxSetting !== 'on' && mailboxSetting !== 'off') {
  console.error('MAILBOX must be on or off');
  process.exit(1);
}
const dataRoot = env['DATA_DIR'] ? env['DATA_DIR'].replace(/\/+$/, '') : '.data';
const dataDir = `${dataRoot}/pglite`;

try {
  const backend = await startBackend({
    port,
    host: env['API_HOST'] || undefined,
    mailbox: mailboxSetting === 'on',
    allowDevelopmentSecretsOnNetwork: env['ALLOW_DEVELOPMENT_SECRETS_ON_NETWORK'] === 'true',
    shutdownGraceSeconds: env['SHUTDOWN_GRACE_SECONDS'] ? Number(env['SHUTDOWN_GRACE_SECONDS']) : undefined,
    dataDir,
    // Stored objects' bytes live beside the database, so they survive a restart with it.
    storageDir: `${dataRoot}/storage`,
    databaseUrl: env['DATABASE_URL'] || undefined,
    jwtSecret: env['JWT_SECRET'] || undefined,
    jwtExpirySeconds: env['JWT_EXPIRY'] ? Number(env['JWT_EXPIRY']) : undefined,
    siteUrl: env['SITE_URL'] || undefined,
    enableEmailConfirmation: env['ENABLE_EMAIL_CONFIRMATIONS'] === 'true',
    enableAnonymousSignIns: env['ENABLE_ANONYMOUS_SIGN_INS'] === 'true',
    // One address (a test runner, a classroom behind NAT) may need more than the default.
    // It raises the budget for guesses at codes as well: the end-to-end suite verifies many codes from one address.
    rateLimits:
      perIp === undefined
        ? undefined
        : { perIp: { max: perIp, windowSeconds: 300 }, verify: { max: perIp, windowSeconds: 300 } },
  });
  console.log(
    `Database: ${backend.config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`}`,
  );
  if (backend.appliedMigrations.length > 0)
    console.log(`Applied migrations: ${backend.appliedMigrations.join(', ')}`);
  if (backend.config.mailbox) console.log(`Mailbox: ${backend.url}/mailbox`);
  // Loud, and on stderr, where a person running it for their journal sees it beside the log.
  for (const warning of developmentWarnings(backend.config)) console.warn(`WARNING: ${warning}`);
  console.log(`API URL: ${backend.url}`);
  // The keys are public development keys (or derived from the caller's own JWT_SECRET), printed so apps can be configured.
  console.log(`anon key: ${backend.anonKey}`);
  console.log(`service_role key: ${backend.serviceRoleKey}`);
  console.log('ready');
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // A second signal means the person will not wait: leave now (PGlite recovers from its WAL at next start).
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`${signal}: stopping; requests in progress may finish`);
    backend.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(
          `backend did not stop cleanly: ${error instanceof Error ? error.message : String(error)}`,
        );
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error(`backend failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
