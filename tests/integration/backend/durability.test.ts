// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { startBackend } from '../../../server/start-backend.ts';
import { startTestBackend } from './support/backend-targets.ts';
import { client, uniqueEmail } from './support/clients.ts';
import { fixtureMigrationsDir } from './support/fixtures.ts';

describe('durability', () => {
  it('keeps PGlite data across a restart and applies each migration once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'murmur-pglite-'));
    const migrationsDir = fixtureMigrationsDir();
    const email = uniqueEmail();
    try {
      const first = await startBackend({ port: 0, dataDir, migrationsDir });
      expect(first.appliedMigrations).toEqual(['20250101000000']);
      const supabase = client(first.url, first.anonKey);
      expect((await supabase.auth.signUp({ email, password: 'secret123' })).error).toBeNull();
      expect((await supabase.from('kv').insert({ k: 'kept', v: 'across restarts' })).error).toBeNull();
      await first.close();

      const second = await startBackend({ port: 0, dataDir, migrationsDir });
      try {
        expect(second.appliedMigrations).toEqual([]);
        const again = client(second.url, second.anonKey);
        expect((await again.auth.signInWithPassword({ email, password: 'secret123' })).error).toBeNull();
        expect((await again.from('kv').select('v').eq('k', 'kept').single()).data).toEqual({
          v: 'across restarts',
        });
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(migrationsDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('reconnects after the PostgreSQL server restarts', async () => {
    const backend = await startTestBackend('postgres');
    try {
      const supabase = client(backend.url, backend.anonKey);
      expect((await supabase.from('kv').insert({ k: 'before' })).error).toBeNull();
      backend.cluster?.restart();
      // Requests during or right after the outage get an answer (503 at worst); the pool then reconnects.
      let status = 0;
      for (let attempt = 0; attempt < 20 && status !== 200; attempt += 1) {
        const { status: current } = await supabase.from('kv').select('k').eq('k', 'before').retry(false);
        status = current;
        if (status !== 200) {
          expect([500, 503]).toContain(status);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
      expect(status).toBe(200);
      expect((await supabase.auth.signUp({ email: uniqueEmail(), password: 'secret123' })).error).toBeNull();

      // While the database is down every call still gets an answer: retryable 5xx, never a hang.
      backend.cluster?.pause();
      const down = await supabase.from('kv').select('k').retry(false);
      expect(down.status).toBe(503);
      expect(down.error).toMatchObject({ code: 'PGRST000' });
      const authDown = await supabase.auth.signInWithPassword({
        email: uniqueEmail(),
        password: 'secret123',
      });
      expect(authDown.error?.name).toBe('AuthRetryableFetchError');
      backend.cluster?.resume();
      let recovered = 0;
      for (let attempt = 0; attempt < 20 && recovered !== 200; attempt += 1) {
        recovered = (await supabase.from('kv').select('k').retry(false)).status;
        if (recovered !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(recovered).toBe(200);
    } finally {
      await backend.stop();
    }
  }, 60_000);
});
