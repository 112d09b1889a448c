// @vitest-environment node
import { afterAll, beforeAll, describe } from 'vitest';

import { registerSyncServerContract } from '../../../src/testing/sync/sync-server-contract.ts';
import { TARGETS } from '../backend/support/backend-targets.ts';

import {
  clientWithToken,
  compact,
  rpcSyncServer,
  signUpUser,
  startSyncBackend,
} from './support/sync-backend.ts';
import type { SyncBackend } from './support/sync-backend.ts';

/** The Postgres sync_push/sync_pull RPCs pass the same contract as the in-memory model. */
describe.each(TARGETS)('sync RPCs on %s', (target) => {
  let backend: SyncBackend;

  beforeAll(async () => {
    backend = await startSyncBackend(target);
  }, 120_000);

  afterAll(async () => {
    await backend?.stop();
  });

  registerSyncServerContract(`Postgres on ${target}`, async () => ({
    server: rpcSyncServer(backend),
    newUser: () => signUpUser(backend),
    now: () => Date.now(),
    compact: (userId, version) => compact(backend, userId, version),
    // The server reads only that the row exists; what a device stores in it is not its business.
    async encryptJournal({ token }) {
      const { error } = await clientWithToken(backend, token)
        .from('journal_keys')
        .insert({ envelope: { format: 'test' } });
      if (error) throw new Error(`storing a key envelope failed: ${error.message}`);
    },
    // As turning encryption off does: the owner removes the row under RLS.
    async decryptJournal({ id, token }) {
      const { data, error } = await clientWithToken(backend, token)
        .from('journal_keys')
        .delete()
        .eq('user_id', id)
        .select('user_id');
      if (error || data.length !== 1)
        throw new Error(`removing the key envelope failed: ${error?.message ?? 'no row'}`);
    },
  }));
});
