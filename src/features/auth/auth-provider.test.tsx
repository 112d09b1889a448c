import { createClient } from '@supabase/supabase-js';
import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { FIRST_SCREEN_MARK } from '../../lib/first-screen-mark.ts';
import { createI18n } from '../../lib/i18n/i18n.ts';
import AppToaster from '../../lib/toasts/app-toaster.tsx';
import { AuthProvider } from './auth-provider.tsx';
import { useAuth } from './use-auth.ts';

/** The real local backend in its own process (its Edge Function loader needs a plain Node environment). */
let server: ChildProcess | undefined;
let dataDir: string;
const backend = { url: '', anonKey: '' };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'murmur-guard-'));
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: { ...process.env, API_PORT: '0', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server = child;
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`the backend exited (${code}): ${output}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      backend.url = /API URL: (\S+)/.exec(output)?.[1] ?? '';
      backend.anonKey = /anon key: (\S+)/.exec(output)?.[1] ?? '';
      if (output.includes('ready')) resolve();
    });
  });
}, 60_000);

afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

function Who() {
  const { user, loading } = useAuth();
  return <p>{loading ? 'checking' : user ? `user ${user.id}` : 'nobody'}</p>;
}

describe('session guard', () => {
  it('says auth.logoutError in the user’s language, clears the user and signs out when the session cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const storageKey = 'murmur-guard-test';
    const stored = new Map<string, string>();
    const now = Math.floor(Date.now() / 1000);
    // An expired session whose refresh token the server has never issued: the refresh is refused (400).
    stored.set(
      storageKey,
      JSON.stringify({
        access_token: 'expired',
        refresh_token: 'never-issued',
        token_type: 'bearer',
        expires_in: 3600,
        expires_at: now - 60,
        user: { id: '6f1c2f8e-8c2b-4a63-9a53-3b0f0f7c1a01', aud: 'authenticated' },
      }),
    );
    // Created when the provider loads it, as the app's client is: creating it starts its session recovery.
    let client: ReturnType<typeof createClient> | undefined;
    const loadClient = () =>
      Promise.resolve(
        (client ??= createClient(backend.url, backend.anonKey, {
          auth: {
            storageKey,
            storage: {
              getItem: (key) => stored.get(key) ?? null,
              setItem: (key, value) => void stored.set(key, value),
              removeItem: (key) => void stored.delete(key),
            },
            autoRefreshToken: false,
            detectSessionInUrl: false,
            persistSession: true,
          },
        })),
      );
    const i18n = await createI18n('de-DE');

    render(
      <I18nextProvider i18n={i18n}>
        <AuthProvider loadClient={loadClient}>
          <Who />
          <AppToaster />
        </AuthProvider>
      </I18nextProvider>,
    );

    // Generous: the backend runs in its own process, which a loaded 2-core machine can hold up for seconds.
    expect(await screen.findByText(i18n.t('auth.logoutError'), {}, { timeout: 45_000 })).toBeTruthy();
    expect(i18n.t('auth.logoutError')).not.toBe('auth.logoutError');
    expect(i18n.t('auth.logoutError')).not.toBe(i18n.t('auth.logoutError', { lng: 'en-US' }));
    expect(screen.getByText('nobody')).toBeTruthy();
    await waitFor(() => expect(stored.has(storageKey)).toBe(false));
  }, 60_000);
});

describe('loading supabase-js', () => {
  it('waits for the first screen when the start is already decided, so that screen does not download it', async () => {
    performance.clearMarks(FIRST_SCREEN_MARK);
    const client = createClient('http://127.0.0.1:9', 'anon-key', {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const loadClient = vi.fn(() => Promise.resolve(client));
    const i18n = await createI18n('en-US');

    render(
      <I18nextProvider i18n={i18n}>
        <AuthProvider loadClient={loadClient}>
          <Who />
        </AuthProvider>
      </I18nextProvider>,
    );

    // No stored session: the visitor is decided at once, before supabase-js exists.
    expect(screen.getByText('nobody')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loadClient).not.toHaveBeenCalled();
    performance.mark(FIRST_SCREEN_MARK);
    await waitFor(() => expect(loadClient).toHaveBeenCalledOnce());
  });

  it('stops waiting once something else has asked for supabase-js, so its auth events reach the app at once', async () => {
    performance.clearMarks(FIRST_SCREEN_MARK);
    const client = createClient('http://127.0.0.1:9', 'anon-key', {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const loadClient = vi.fn(() => Promise.resolve(client));
    let askedElsewhere: () => void = () => undefined;
    const clientWanted = new Promise<void>((resolve) => {
      askedElsewhere = resolve;
    });
    const i18n = await createI18n('en-US');

    render(
      <I18nextProvider i18n={i18n}>
        <AuthProvider loadClient={loadClient} clientWanted={clientWanted}>
          <Who />
        </AuthProvider>
      </I18nextProvider>,
    );

    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loadClient).not.toHaveBeenCalled();
    askedElsewhere();
    await waitFor(() => expect(loadClient).toHaveBeenCalledOnce());
  });
});
