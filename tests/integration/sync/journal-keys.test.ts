// @vitest-environment node
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { exportKey } from './support/export-key.ts';
import {
  createKeyEnvelope,
  unlockWithPassphrase,
  type KeyEnvelope,
} from '../../../src/sync/crypto/key-envelope.ts';
import { TARGETS } from '../backend/support/backend-targets.ts';
import { client } from '../backend/support/clients.ts';
import {
  serviceClient,
  signUpUser,
  startSyncBackend,
  TEST_PASSWORD,
  type SignedInUser,
  type SyncBackend,
} from './support/sync-backend.ts';

/** A cheap Argon2id cost: this test is about where the envelope is kept, not about its strength. */
const TEST_COST = { memoryKiB: 256, iterations: 1, parallelism: 1 };
const PASSPHRASE = 'lake at dawn, seven herons';

describe.each(TARGETS)('the journal key envelope on %s (ADR 0151)', (target) => {
  let backend: SyncBackend;
  let owner: SignedInUser;
  let stranger: SignedInUser;
  let envelope: KeyEnvelope;
  let dataKey: CryptoKey;

  beforeAll(async () => {
    backend = await startSyncBackend(target);
    [owner, stranger] = await Promise.all([signUpUser(backend), signUpUser(backend)]);
    ({ envelope, dataKey } = await createKeyEnvelope(PASSPHRASE, TEST_COST));
  }, 120_000);

  afterAll(async () => {
    await backend?.stop();
  });

  it('the owner stores it, and a second device of the owner reads it and unlocks the same key', async () => {
    const stored = await owner.supabase.from('journal_keys').insert({ envelope }).select().single();
    expect(stored.error).toBeNull();
    expect(stored.data).toMatchObject({ user_id: owner.id, version: 1, envelope });

    const secondDevice = client(backend.url, backend.anonKey);
    await secondDevice.auth.signInWithPassword({ email: owner.email, password: TEST_PASSWORD });
    const read = await secondDevice.from('journal_keys').select('envelope, version').maybeSingle();
    expect(read.error).toBeNull();
    const unlocked = await unlockWithPassphrase(read.data?.envelope as KeyEnvelope, PASSPHRASE);
    expect(await exportKey(unlocked)).toEqual(await exportKey(dataKey));
  });

  it('a device that turns encryption on second is refused, so both devices keep the first key', async () => {
    const { envelope: other } = await createKeyEnvelope('another passphrase', TEST_COST);
    const second = await owner.supabase.from('journal_keys').insert({ envelope: other });
    expect(second.error?.code).toBe('23505');
    const kept = await owner.supabase.from('journal_keys').select('envelope').single();
    expect(kept.data?.envelope).toEqual(envelope);
  });

  it('a re-wrap names the version it replaces; a stale one changes nothing; the server counts versions', async () => {
    const rewrapped = { ...envelope, note: 'passphrase changed' };
    const first = await owner.supabase
      .from('journal_keys')
      .update({ envelope: rewrapped, version: 99 })
      .eq('version', 1)
      .select('version');
    expect(first.data).toEqual([{ version: 2 }]);
    const stale = await owner.supabase
      .from('journal_keys')
      .update({ envelope })
      .eq('version', 1)
      .select('version');
    expect(stale.data).toEqual([]);
    const kept = await owner.supabase.from('journal_keys').select('envelope, version').single();
    expect(kept.data).toEqual({ envelope: rewrapped, version: 2 });
  });

  it('another user, a visitor and malformed envelopes reach nothing and change nothing', async () => {
    expect((await stranger.supabase.from('journal_keys').select('user_id')).data).toEqual([]);
    const planted = await stranger.supabase.from('journal_keys').insert({ user_id: owner.id, envelope });
    expect(planted.error?.code).toBe('42501');
    const overwritten = await stranger.supabase
      .from('journal_keys')
      .update({ envelope: {} })
      .eq('user_id', owner.id)
      .select();
    expect(overwritten.data).toEqual([]);
    const removed = await stranger.supabase.from('journal_keys').delete().eq('user_id', owner.id).select();
    expect(removed.data).toEqual([]);

    const visitor = client(backend.url, backend.anonKey);
    const anonymous = await visitor.from('journal_keys').select('user_id');
    expect(anonymous.error?.code).toBe('42501');

    const notAnObject = await stranger.supabase.from('journal_keys').insert({ envelope: 'mx1.abc' });
    expect(notAnObject.error?.code).toBe('23514');
    expect(notAnObject.status).toBe(400);
    const oversized = await stranger.supabase
      .from('journal_keys')
      .insert({ envelope: { padding: 'x'.repeat(40_000) } });
    expect(oversized.error?.code).toBe('23514');

    const { data } = await serviceClient(backend).from('journal_keys').select('user_id, version');
    expect(data).toEqual([{ user_id: owner.id, version: 2 }]);
  });

  it('a password alone does not reach the envelope of a user with a verified factor', async () => {
    const enrolled = await owner.supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
    if (enrolled.error) throw enrolled.error;
    const totp = new TOTP({ secret: Secret.fromBase32(enrolled.data.totp.secret), digits: 6, period: 30 });
    const verified = await owner.supabase.auth.mfa.challengeAndVerify({
      factorId: enrolled.data.id,
      code: totp.generate(),
    });
    if (verified.error) throw verified.error;

    const passwordOnly = client(backend.url, backend.anonKey);
    await passwordOnly.auth.signInWithPassword({ email: owner.email, password: TEST_PASSWORD });
    expect((await passwordOnly.from('journal_keys').select('envelope')).data).toEqual([]);
    const replaced = await passwordOnly
      .from('journal_keys')
      .update({ envelope: {} })
      .eq('version', 2)
      .select();
    expect(replaced.data ?? []).toEqual([]);
    const removed = await passwordOnly.from('journal_keys').delete().eq('version', 2).select();
    expect(removed.data ?? []).toEqual([]);

    const withCode = client(backend.url, backend.anonKey);
    await withCode.auth.signInWithPassword({ email: owner.email, password: TEST_PASSWORD });
    await withCode.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code: totp.generate() });
    expect((await withCode.from('journal_keys').select('version')).data).toEqual([{ version: 2 }]);
  }, 60_000);
});
