import { describe, expect, it } from 'vitest';

import { FakeAuth } from '../testing/sync/fake-auth.ts';
import { FakeConnectivity } from '../testing/sync/fake-connectivity.ts';
import { SyncServerModel } from '../testing/sync/sync-server-model.ts';
import { createTestIds } from '../testing/sync/test-ids.ts';
import { sessionToSyncWith } from './session-to-sync-with.ts';

const USER = 'user-a';

function ports(options: { online?: boolean; signedInAs?: string | null } = {}) {
  const server = new SyncServerModel({ now: () => 0, ids: createTestIds(1) });
  return {
    connectivity: new FakeConnectivity(options.online ?? true),
    auth: new FakeAuth(server, options.signedInAs === undefined ? USER : options.signedInAs),
  };
}

describe('sessionToSyncWith', () => {
  it("gives the signed-in user's session to sync with", () => {
    const check = sessionToSyncWith(ports(), USER, false);
    expect(check.session).toMatchObject({ userId: USER });
  });

  it('[R34] stops offline, saying so, before looking at the session', () => {
    const check = sessionToSyncWith(ports({ online: false, signedInAs: null }), USER, false);
    expect(check).toEqual({ session: null, status: { state: 'offline', progress: null } });
  });

  it('[R32] stops without a word of its own while waiting for a refreshed session', () => {
    expect(sessionToSyncWith(ports(), USER, true)).toEqual({ session: null, status: null });
  });

  it('[R32] asks to sign in when nobody is signed in', () => {
    const check = sessionToSyncWith(ports({ signedInAs: null }), USER, false);
    expect(check).toMatchObject({
      session: null,
      status: { state: 'error', error: { kind: 'auth', message: 'Sign in to sync.' } },
    });
  });

  it("[R30] never syncs this user's database under another account", () => {
    const check = sessionToSyncWith(ports({ signedInAs: 'user-b' }), USER, false);
    expect(check).toMatchObject({
      session: null,
      status: { state: 'error', error: { kind: 'account_mismatch' } },
    });
  });
});
