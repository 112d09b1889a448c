import { registerSyncServerContract } from './sync-server-contract.ts';
import { SyncServerModel } from './sync-server-model.ts';
import { createTestIds } from './test-ids.ts';

const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);

registerSyncServerContract('in-memory model', async () => {
  const server = new SyncServerModel({ now: () => NOW, ids: createTestIds(0xfff0) });
  const users = createTestIds(0xfff1);
  return {
    server,
    newUser: () => {
      const id = users.next();
      return { id, token: server.issueToken(id) };
    },
    now: () => NOW,
    compact: (userId, version) => server.compact(userId, version),
    encryptJournal: (user) => server.setJournalEncrypted(user.id),
    decryptJournal: (user) => server.setJournalEncrypted(user.id, false),
  };
});
