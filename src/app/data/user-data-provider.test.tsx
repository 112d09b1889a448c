import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Session } from '@supabase/supabase-js';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { IDBFactory, IDBKeyRange as FakeIDBKeyRange } from 'fake-indexeddb';
import type { i18n as I18n } from 'i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';

import { createCommands } from '../../db/commands/create-commands.ts';
import { openUserDatabase } from '../../db/open-user-database.ts';
import { AuthContext, type AuthContextValue } from '../../features/auth/index.ts';
import { FIRST_SCREEN_MARK } from '../../lib/first-screen-mark.ts';
import { createI18n } from '../../lib/i18n/i18n.ts';
import type { SyncEngine } from '../../sync/sync-engine.ts';
import type { SyncSession } from '../../sync/transport.ts';
import { FakeConnectivity } from '../../testing/sync/fake-connectivity.ts';
import { FakeLocks } from '../../testing/sync/fake-locks.ts';
import { FakeTransport } from '../../testing/sync/fake-transport.ts';
import { settle, type TestTab } from '../../testing/sync/test-device.ts';
import { createTestIds } from '../../testing/sync/test-ids.ts';
import { createTestWorld, OTHER_USER, TEST_USER } from '../../testing/sync/test-world.ts';
import SyncStatusIndicator from '../layout/sync-status-indicator.tsx';
import { startUserSync, type UserSync } from './start-user-sync.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';
import type { UserDataBackend } from './user-data-backend.ts';
import { userConnection } from './user-connection.ts';
import type { UserData } from '../../lib/user-data/user-data-context.ts';
import { UserDataProvider } from './user-data-provider.tsx';
import { windowFocus } from './window-focus.ts';

/** The server's wire; closing it is what ends a real transport's realtime channel. */
class ClosableFakeTransport extends FakeTransport {
  closed = false;
  close(): void {
    this.closed = true;
  }
}

/**
 * The provider, the engine and the status indicator together, on one device (one IndexedDB, one
 * network, one set of locks) shared by two accounts, against the in-memory sync server. Only the
 * server's wire (FakeTransport) and time (ManualTimers) are fakes; the focus trigger is the real one.
 */
function createDevice() {
  const world = createTestWorld();
  const indexedDB = new IDBFactory();
  const connectivity = new FakeConnectivity(true);
  const locks = new FakeLocks();
  const ids = createTestIds(1);
  const clock = { now: () => world.timers.now(), timeZone: () => 'Europe/Berlin' };
  const tokens = new Map<string, string>();
  const syncs: { userId: string; sync: UserSync<SyncEngine>; transport: ClosableFakeTransport }[] = [];
  let refreshes = 0;
  /** Whose subscription the app asked the backend for, in order. */
  const subscriptionReads: string[] = [];
  let signedIn: string | null = null;
  /** While set, sync starts wait for it (supabase-js and the engine still loading); the data does not. */
  let syncHeld: Promise<void> | null = null;
  /** Whether supabase-js could refresh the session when the engine asks (false: the network failed). */
  let refreshWorks = true;

  const issue = (userId: string) => {
    const token = world.server.issueToken(userId);
    tokens.set(userId, token);
    return token;
  };

  const backend: UserDataBackend = {
    async connect(userId, auth) {
      const db = await openUserDatabase(userId, { indexedDB, IDBKeyRange: FakeIDBKeyRange });
      const data: UserData = { userId, db, commands: createCommands(db, { clock, ids }) };
      return userConnection(data, async () => {
        await syncHeld;
        const transport = new ClosableFakeTransport(world.server, userId);
        const sync = startUserSync({
          db,
          transport,
          ports: { clock, ids, timers: world.timers, random: () => 0.5, connectivity, auth, locks },
          focus: windowFocus,
        });
        syncs.push({ userId, sync, transport });
        return sync;
      });
    },
    async refreshSession(): Promise<SyncSession | null> {
      refreshes++;
      return signedIn && refreshWorks ? { userId: signedIn, accessToken: issue(signedIn) } : null;
    },
    // The billing side of the backend: nobody here has a subscription or a trial.
    subscriptions: {
      async fetchSubscription(userId) {
        subscriptionReads.push(userId);
        return null;
      },
      fetchTrialUsage: async () => null,
      verifySubscription: async () => undefined,
    },
  };

  /** What the auth provider would say for this user (only the fields the data provider reads). */
  function authFor(userId: string | null): AuthContextValue {
    signedIn = userId;
    const session = userId
      ? ({ access_token: tokens.get(userId) ?? issue(userId), user: { id: userId } } as unknown as Session)
      : null;
    return {
      user: session?.user ?? null,
      session,
      loading: false,
      isRecoveryMode: false,
      mfaPending: false,
      needsOnboarding: false,
      recoverySession: null,
      finishRecovery: () => undefined,
      mfaSession: null,
    };
  }

  /** Delivers every queued request until every engine of this device is idle. */
  async function sync() {
    const tabs = syncs.map(
      ({ sync: s, transport }) => ({ engine: s.engine, transport }) as unknown as TestTab,
    );
    await act(() => settle(tabs));
  }

  /** Holds every sync start until the returned function is called; the databases open meanwhile. */
  function holdSync(): () => void {
    let release!: () => void;
    syncHeld = new Promise((resolve) => {
      release = resolve;
    });
    return () => {
      syncHeld = null;
      release();
    };
  }

  return {
    world,
    indexedDB,
    connectivity,
    clock,
    backend,
    syncs,
    subscriptionReads,
    authFor,
    sync,
    holdSync,
    issue,
    get refreshes() {
      return refreshes;
    },
    set refreshWorks(works: boolean) {
      refreshWorks = works;
    },
  };
}

let i18n: I18n;
beforeAll(async () => {
  i18n = await createI18n();
  // The app's first screen is up, as a Page would mark it: what mounts after it (the recorder, which
  // reads the subscription) mounts at once here.
  performance.mark(FIRST_SCREEN_MARK);
});

let userData: UserData | null = null;
function Probe() {
  const data = useUserData();
  useEffect(() => {
    userData = data;
  }, [data]);
  return null;
}

function renderApp(
  device: ReturnType<typeof createDevice>,
  userId: string | null,
  screenContent?: ReactNode,
) {
  // The app's server state (ADR 0138): the recorder reads the subscription through it.
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  onTestFinished(() => queries.clear());
  const tree = (auth: AuthContextValue): ReactNode => (
    <I18nextProvider i18n={i18n}>
      <AuthContext value={auth}>
        <QueryClientProvider client={queries}>
          <UserDataProvider backend={device.backend}>
            <SyncStatusIndicator />
            <Probe />
            {screenContent}
          </UserDataProvider>
        </QueryClientProvider>
      </AuthContext>
    </I18nextProvider>
  );
  const view = render(tree(device.authFor(userId)));
  return {
    switchTo: (next: string | null) => view.rerender(tree(device.authFor(next))),
    /** supabase-js refreshed the token by itself (TOKEN_REFRESHED) and the auth provider passed it on. */
    tokenRefreshed: (userId: string) => {
      device.issue(userId);
      view.rerender(tree(device.authFor(userId)));
    },
  };
}

/** The signed-in user's data once their database is open (sync may still be starting). */
function dataOf(userId: string): Promise<UserData> {
  return waitFor(() => {
    if (userData?.userId !== userId) throw new Error(`no data for ${userId}`);
    return userData;
  });
}

/** The signed-in user's data once their database is open and their engine runs. */
async function opened(userId: string): Promise<UserData> {
  await screen.findByRole('button', { name: /Sync|Offline/ });
  return dataOf(userId);
}

const statusButton = () => screen.getByRole('button', { expanded: false });
const liveRegion = () => screen.getByRole('status');

/** What would wake an engine: the network coming back, focus, and ten minutes of its timers. */
async function fireEveryTrigger(device: ReturnType<typeof createDevice>): Promise<void> {
  act(() => {
    device.connectivity.set(false);
    device.connectivity.set(true);
    window.dispatchEvent(new Event('focus'));
    device.world.timers.advance(10 * 60_000);
  });
  await device.sync();
}

describe('app sync wiring', () => {
  it('[R27][R34] shows the changes waiting to sync, then that everything is synced', async () => {
    const device = createDevice();
    renderApp(device, TEST_USER);
    const { commands } = await opened(TEST_USER);
    await device.sync();
    expect(statusButton().textContent).toContain('Synced');

    // The screens' commands notify the engine themselves: no one calls notifyLocalWrite here.
    await act(async () => {
      await Promise.all([
        commands.createNote({ title: 'Walk', body: 'By the river' }),
        commands.createNote({ title: 'Rain', body: 'Finally' }),
      ]);
    });
    expect(await screen.findByRole('button', { name: /2 changes waiting to sync/ })).toBeTruthy();

    await device.sync();
    expect(statusButton().textContent).toContain('Synced');
    expect(statusButton().textContent).not.toMatch(/waiting/);
    expect(device.world.server.rows(TEST_USER).map((row) => row.data['title'])).toEqual(
      expect.arrayContaining(['Walk', 'Rain']),
    );
    // Routine syncing is not announced.
    expect(liveRegion().textContent).toBe('');
  });

  it('[R33] offline: says so once, keeps the count, sends nothing; back online it syncs', async () => {
    const device = createDevice();
    renderApp(device, TEST_USER);
    const { commands } = await opened(TEST_USER);
    await device.sync();

    act(() => device.connectivity.set(false));
    await act(async () => {
      await commands.createNote({ body: 'On the train' });
    });
    expect(await screen.findByRole('button', { name: /Offline 1 change waiting to sync/ })).toBeTruthy();
    await waitFor(() =>
      expect(liveRegion().textContent).toBe('You are offline. Changes are saved on this device.'),
    );
    expect(device.syncs[0]?.transport.pending).toBe(0);

    act(() => device.connectivity.set(true));
    await device.sync();
    expect(statusButton().textContent).toContain('Synced');
    await waitFor(() => expect(liveRegion().textContent).toBe('All changes are synced.'));
    expect(device.world.server.rows(TEST_USER).map((row) => row.data['body'])).toContain('On the train');
  });

  it('[R30] signing out stops the engine and closes the database', async () => {
    const device = createDevice();
    const app = renderApp(device, TEST_USER);
    const { db } = await opened(TEST_USER);
    await device.sync();

    app.switchTo(null);
    expect(screen.queryByRole('button')).toBeNull();
    expect(userData).toBeNull();
    expect(db.isOpen()).toBe(false);
    // No trigger reaches the stopped engine: not the network, not focus, not the periodic timer.
    await fireEveryTrigger(device);
    expect(device.syncs[0]?.transport.pending).toBe(0);
    expect(device.syncs[0]?.sync.engine.isRunning()).toBe(false);
  });

  it("[R30] another account signing in on the device never pushes the first account's outbox", async () => {
    const device = createDevice();
    const app = renderApp(device, TEST_USER);
    const first = await opened(TEST_USER);
    await device.sync();
    act(() => device.connectivity.set(false));
    await act(async () => {
      await first.commands.createNote({ body: 'Only mine' });
    });
    await screen.findByRole('button', { name: /1 change waiting/ });

    // Straight to the other account (another tab signed in), then the network comes back.
    app.switchTo(OTHER_USER);
    const second = await opened(OTHER_USER);
    act(() => device.connectivity.set(true));
    await device.sync();

    expect(statusButton().textContent).toContain('Synced');
    // The subscription follows the account too.
    await waitFor(() => expect(device.subscriptionReads.at(-1)).toBe(OTHER_USER));
    expect(await second.db.notes.count()).toBe(0);
    expect(device.world.server.rows(OTHER_USER).some((row) => row.table === 'notes')).toBe(false);
    expect(device.world.server.rows(TEST_USER).some((row) => row.table === 'notes')).toBe(false);
    const kept = await openUserDatabase(TEST_USER, {
      indexedDB: device.indexedDB,
      IDBKeyRange: FakeIDBKeyRange,
    });
    expect(await kept.outbox.count()).toBeGreaterThan(0);
    kept.close();
  });

  it('[R32] a 401 asks for a refreshed session and syncing resumes with it', async () => {
    const device = createDevice();
    renderApp(device, TEST_USER);
    const { commands } = await opened(TEST_USER);
    await device.sync();

    const expired = device.syncs[0]?.sync.engine;
    expect(expired).toBeDefined();
    const token = device.authFor(TEST_USER).session?.access_token ?? '';
    device.world.server.expireToken(token);
    await act(async () => {
      await commands.createNote({ body: 'After the token expired' });
    });
    await device.sync();

    expect(device.refreshes).toBe(1);
    expect(statusButton().textContent).toContain('Synced');
    expect(device.world.server.rows(TEST_USER).map((row) => row.data['body'])).toContain(
      'After the token expired',
    );
  });

  it('[R32] a failed refresh keeps the user signed in; the next refreshed token resumes syncing', async () => {
    const device = createDevice();
    const app = renderApp(device, TEST_USER);
    const { commands } = await opened(TEST_USER);
    await device.sync();

    device.refreshWorks = false;
    device.world.server.expireToken(device.authFor(TEST_USER).session?.access_token ?? '');
    await act(async () => {
      await commands.createNote({ body: 'Written while the token was dead' });
    });
    await device.sync();
    expect(device.refreshes).toBe(1);
    expect(await screen.findByRole('button', { name: /Sync problem 1 change waiting/ })).toBeTruthy();
    expect(userData?.userId).toBe(TEST_USER);

    app.tokenRefreshed(TEST_USER);
    await device.sync();
    expect(statusButton().textContent).toContain('Synced');
    expect(device.world.server.rows(TEST_USER).map((row) => row.data['body'])).toContain(
      'Written while the token was dead',
    );
  });

  it('[R27] pulls when the window gets focus', async () => {
    const device = createDevice();
    renderApp(device, TEST_USER);
    const { db } = await opened(TEST_USER);
    await device.sync();
    const ours = device.syncs[0]?.transport;
    if (!ours) throw new Error('no engine');
    ours.pokesEnabled = false;

    const other = await device.world.tab(device.world.device());
    other.engine.start();
    const id = await other.commands.createNote({ body: 'From the laptop' });
    other.engine.notifyLocalWrite();
    await settle([other]);
    await device.sync();
    expect(await db.notes.get(id)).toBeUndefined();

    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await device.sync();
    expect((await db.notes.get(id))?.body).toBe('From the laptop');
    other.engine.stop();
  });

  it('[R34] the panel explains an error and "Sync now" tries again; Escape closes it', async () => {
    const user = userEvent.setup();
    const device = createDevice();
    renderApp(device, TEST_USER);
    const { commands } = await opened(TEST_USER);
    await device.sync();
    const transport = device.syncs[0]?.transport;
    if (!transport) throw new Error('no engine');

    await act(async () => {
      await commands.createNote({ body: 'Stubborn' });
    });
    await act(async () => {
      while (transport.pending === 0) await new Promise((resolve) => setTimeout(resolve, 0));
      await transport.deliver(0, 'server_error');
    });
    const toggle = await screen.findByRole('button', { name: /Sync problem 1 change waiting/ });
    await waitFor(() =>
      expect(liveRegion().textContent).toBe(
        'Sync problem: The server had a problem. Murmur will try again shortly.',
      ),
    );

    await user.click(toggle);
    const panel = screen.getByRole('group', { name: 'Sync details' });
    expect(within(panel).getByText('The server had a problem. Murmur will try again shortly.')).toBeTruthy();
    const details = within(panel).getByText('Technical details');
    await user.click(details);
    expect(within(panel).getByText('internal error')).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Sync now' }));
    await device.sync();
    expect(device.world.server.rows(TEST_USER).map((row) => row.data['body'])).toContain('Stubborn');
    expect(within(panel).getByText('All your changes are synced.')).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Sync details' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { expanded: false }));
  });
});

/** A screen that shows the user's notes, read from their database (local data only, as every screen). */
function NoteBodies() {
  const data = useUserData();
  const [bodies, setBodies] = useState<string[]>([]);
  useEffect(() => {
    void data?.db.notes.toArray().then((notes) => setBodies(notes.map((note) => note.body)));
  }, [data]);
  return (
    <ul aria-label="Notes">
      {bodies.map((body) => (
        <li key={body}>{body}</li>
      ))}
    </ul>
  );
}

describe('data before sync (ADR 0100)', () => {
  it('shows the journal on this device while supabase-js and the engine are still loading', async () => {
    const device = createDevice();
    const earlier = await openUserDatabase(TEST_USER, {
      indexedDB: device.indexedDB,
      IDBKeyRange: FakeIDBKeyRange,
    });
    await createCommands(earlier, { clock: device.clock, ids: createTestIds(9) }).createNote({
      body: 'Written yesterday',
    });
    earlier.close();
    const release = device.holdSync();

    renderApp(device, TEST_USER, <NoteBodies />);
    expect(await screen.findByText('Written yesterday')).toBeTruthy();
    expect(device.syncs).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Sync|Offline/ })).toBeNull();

    // The engine attaches to the same data: the screens' objects do not change under them.
    const before = await dataOf(TEST_USER);
    act(release);
    await screen.findByRole('button', { name: /Sync|Offline/ });
    await device.sync();
    expect(statusButton().textContent).toContain('Synced');
    expect(userData).toBe(before);
  });

  it('[R27] a note written before the engine started is pushed when it starts; later writes tell it', async () => {
    const device = createDevice();
    const release = device.holdSync();
    renderApp(device, TEST_USER);
    const { commands } = await dataOf(TEST_USER);
    await act(async () => {
      await commands.createNote({ body: 'Before sync started' });
    });
    expect(device.world.server.rows(TEST_USER)).toHaveLength(0);

    act(release);
    await screen.findByRole('button', { name: /Sync|Offline/ });
    await device.sync();
    expect(statusButton().textContent).toContain('Synced');
    expect(device.world.server.rows(TEST_USER).map((row) => row.data['body'])).toContain(
      'Before sync started',
    );

    await act(async () => {
      await commands.createNote({ body: 'After sync started' });
    });
    expect(await screen.findByRole('button', { name: /1 change waiting to sync/ })).toBeTruthy();
    await device.sync();
    expect(device.world.server.rows(TEST_USER).map((row) => row.data['body'])).toContain(
      'After sync started',
    );
  });

  it('[R30] signing out while sync is starting: the late engine never syncs and the database closes', async () => {
    const device = createDevice();
    const release = device.holdSync();
    const app = renderApp(device, TEST_USER);
    const { db, commands } = await dataOf(TEST_USER);
    await act(async () => {
      await commands.createNote({ body: 'Mine only' });
    });

    app.switchTo(null);
    expect(userData).toBeNull();
    expect(db.isOpen()).toBe(false);

    act(release);
    const late = await waitFor(() => {
      const started = device.syncs[0];
      if (!started) throw new Error('the held start has not run yet');
      return started;
    });
    await waitFor(() => expect(late.sync.engine.isRunning()).toBe(false));
    expect(late.transport.closed).toBe(true);
    // No trigger reaches the late engine: not the network, not focus, not a timer; none is left set.
    await fireEveryTrigger(device);
    expect(device.world.timers.dueWithin(60 * 60_000)).toBe(0);
    expect(late.transport.delivered).toBe(0);
    expect(late.transport.pending).toBe(0);
    expect(device.world.server.rows(TEST_USER)).toHaveLength(0);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
