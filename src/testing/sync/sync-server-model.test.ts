import { registerSyncServerContract } from './sync-server-contract.ts';
import { SyncServerModel } from './sync-server-model.ts';
import { createTestIds } from './test-ids.ts';

registerSyncServerContract('in-memory model', async () => {
  let now = 0;
  const server = new SyncServerModel({ now: () => now, ids: createTestIds(0xfff0) });
  return {
    server,
    signIn: (userId) => server.issueToken(userId),
    setNow: (ms) => {
      now = ms;
    },
    compact: (userId, version) => server.compact(userId, version),
  };
});
