import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';

import { createI18n } from '../../lib/i18n/i18n.ts';
import {
  forgetServerState,
  serverStatePersistence,
} from '../../lib/server-state/server-state-persistence.ts';
import type { BillingFunctions } from './billing-functions.ts';
import { SubscriptionContext } from './subscription-context.ts';
import { SubscriptionPanel } from './subscription-panel.tsx';
import type { SubscriptionRow } from './subscription-rules.ts';
import type { SubscriptionSource } from './subscription-source.ts';

const USER = 'user-1';
const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const noRow: SubscriptionRow = { status: null, current_period_end: null, trial_ends_at: null };

/** The backend as the panel sees it: a row it answers with, or a network that never answers. */
function backend(initial: SubscriptionRow | null, { down = false } = {}) {
  let row = initial;
  const source: SubscriptionSource = {
    fetchSubscription: () => (down ? new Promise(() => undefined) : Promise.resolve(row)),
    fetchTrialUsage: async () => null,
    verifySubscription: async () => undefined,
  };
  return { source, setRow: (next: SubscriptionRow | null) => (row = next) };
}

const billing = (overrides: Partial<BillingFunctions> = {}): BillingFunctions => ({
  startTrial: async () => undefined,
  createCheckout: async () => 'about:blank',
  openCustomerPortal: async () => 'about:blank',
  completeTestCheckout: async () => undefined,
  ...overrides,
});

let i18n: I18n;
beforeAll(async () => {
  i18n = await createI18n();
});

const clients: QueryClient[] = [];
afterEach(() => {
  clients.splice(0).forEach((client) => client.clear());
  localStorage.clear();
});

/** A fresh client per render, as a new start of the app has; retries are the queries' own. */
function freshClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(client);
  return client;
}

function renderPanel(
  source: SubscriptionSource,
  {
    functions = billing(),
    userId = USER,
    persisted = false,
  }: { functions?: BillingFunctions; userId?: string; persisted?: boolean } = {},
) {
  const client = freshClient();
  const panel = (
    <SubscriptionContext value={{ userId, email: 'ada@example.com', source }}>
      <SubscriptionPanel functions={functions} />
    </SubscriptionContext>
  );
  const withClient = (children: ReactNode) =>
    persisted ? (
      <PersistQueryClientProvider client={client} {...serverStatePersistence(userId, client)}>
        {children}
      </PersistQueryClientProvider>
    ) : (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/subscription']}>{withClient(panel)}</MemoryRouter>
    </I18nextProvider>,
  );
}

const keptKey = (userId: string) => `murmur-server-state-${userId}`;

/** Renders once online so the answer is kept, as a previous session of the app would have. */
async function keepAnswer(row: SubscriptionRow) {
  const first = renderPanel(backend(row).source, { persisted: true });
  await screen.findByText(/^Premium, renews or ends on/);
  await waitFor(() => expect(localStorage.getItem(keptKey(USER))).toContain('"active"'));
  first.unmount();
}

describe('SubscriptionPanel', () => {
  it('shows a trial with the days it has left, and the plans to choose from', async () => {
    renderPanel(backend({ ...noRow, trial_ends_at: inDays(2.5) }).source);
    expect(await screen.findByText('Free trial: 3 days left')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose Monthly' })).toBeTruthy();
  });

  it('offline, shows the last known state kept by the previous start', async () => {
    await keepAnswer({ status: 'active', current_period_end: inDays(20), trial_ends_at: null });

    renderPanel(backend(null, { down: true }).source, { persisted: true });
    expect(await screen.findByText(/^Premium, renews or ends on/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manage your subscription' })).toBeTruthy();
  });

  it('asks the backend again at a start, however fresh the kept answer', async () => {
    await keepAnswer({ status: 'active', current_period_end: inDays(20), trial_ends_at: null });

    renderPanel(backend({ status: 'canceled', current_period_end: inDays(20), trial_ends_at: null }).source, {
      persisted: true,
    });
    expect(await screen.findByText('Basic (free)')).toBeTruthy();
  });

  it('keeps nothing for the next account, and nothing once the user signed out', async () => {
    await keepAnswer({ status: 'active', current_period_end: inDays(20), trial_ends_at: null });

    const other = renderPanel(backend(null, { down: true }).source, { userId: 'user-2', persisted: true });
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Loading...');
    other.unmount();

    forgetServerState(USER);
    expect(localStorage.getItem(keptKey(USER))).toBeNull();
    renderPanel(backend(null, { down: true }).source, { persisted: true });
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Loading...');
    expect(screen.queryByText(/^Premium/)).toBeNull();
  });

  it('starts a trial and shows it once the function has answered', async () => {
    const { source, setRow } = backend(null);
    const startTrial = vi.fn(async () => {
      setRow({ ...noRow, trial_ends_at: inDays(7) });
    });
    renderPanel(source, { functions: billing({ startTrial }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Start your free trial' }));
    expect(await screen.findByText('Free trial: 7 days left')).toBeTruthy();
    expect(startTrial).toHaveBeenCalledTimes(1);
  });

  it('says so when a billing function fails, and lets the user try again', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const createCheckout = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    renderPanel(backend(null).source, { functions: billing({ createCheckout }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Yearly' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That did not work. Check your connection and try again.',
    );
    expect(createCheckout).toHaveBeenCalledWith('yearly', `${window.location.origin}/subscription`);
    expect(errors).toHaveBeenCalledWith('Subscription action checkout failed', expect.any(TypeError));
    expect(screen.getByRole('button', { name: 'Choose Yearly' })).toHaveProperty('disabled', false);
    errors.mockRestore();
  });
});
