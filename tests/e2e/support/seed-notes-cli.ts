import { seedNotes } from './seed-notes.ts';
import type { StoredSession } from './session.ts';

/**
 * `node seed-notes-cli.ts <backend url> <count>`, with the account's session in MURMUR_SEED_SESSION:
 * seedNotes in a process of its own. A Playwright worker that has run the local backend in-process has
 * the Edge Functions' module hooks registered, and then cannot load supabase-js for the first time.
 */
const [url, count] = process.argv.slice(2);
const session = process.env['MURMUR_SEED_SESSION'];
if (!url || !count || !session) {
  throw new Error('usage: MURMUR_SEED_SESSION=<session json> node seed-notes-cli.ts <url> <count>');
}
await seedNotes(url, JSON.parse(session) as StoredSession, Number(count));
