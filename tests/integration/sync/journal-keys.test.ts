// @vitest-environment node
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { exportKey } from './support/export-key.ts';
import {
  createKeyEnvelope,
  unlockWithPassphrase,
  type KeyEnvelope,
} from '../../../src/sync/crypto/key-envelope.ts';
import { formatHlc, nodeFromClientId } from '../../../src/db/hlc.ts';
import { createSupabaseSyncTransport } from '../../../src/lib/sync/supabase-sync-transport.ts';
import { journalCipher } from '../../../src/sync/crypto/journal-cipher.ts';
import {
  PROTOCOL_VERSION,
  pushResponseSchema,
  type PushMutation,
  type PushRequest,
} from '../../../src/sync/protocol.ts';
import { TARGETS } from '../backend/support/backend-targets.ts';
import { client } from '../backend/support/clients.ts';
import {
  serviceClient,
  signUpUser,
  startSyncBackend,
  syncSession,
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

  it('[R45] with the envelope stored, a push in clear is refused whole and changes nothing; sealed ones are stored', async () => {
    const NOTE = '00000045-0000-7000-8000-000000000001';
    const WORDS = /Heron|marmalade|birds/;
    const note = (at: number) => ({
      id: NOTE,
      title: 'Heron at the weir',
      body: 'The marmalade light on the water.',
      font: 'Montserrat',
      color: '#FFF7D1',
      font_size: 20,
      pinned: false,
      locked: false,
      tags: ['birds'],
      created_at: new Date(at).toISOString(),
      deleted_at: null,
    });
    /** A device of `user` pushing its changes through the app's own transport. */
    const device = (user: SignedInUser, clientId: string) => {
      const transport = createSupabaseSyncTransport(user.supabase, user.id);
      let seq = 0;
      return {
        change(patch: Record<string, unknown>, at: number): PushMutation {
          seq += 1;
          const stamp = formatHlc({ ms: at, counter: 0, node: nodeFromClientId(clientId) });
          return {
            seq,
            mutation_id: `00000045-0000-7000-8000-${String(seq).padStart(12, '0')}`,
            table: 'notes',
            id: NOTE,
            patch,
            hlc: Object.fromEntries(Object.keys(patch).map((f) => [f, stamp])),
            base: Object.fromEntries(Object.keys(patch).map((f) => [f, ''])),
          };
        },
        async push(mutations: PushMutation[]) {
          const request: PushRequest = {
            protocol: PROTOCOL_VERSION,
            client_id: clientId,
            user_id: user.id,
            mutations,
          };
          return pushResponseSchema.parse(await transport.push(request, syncSession(user)));
        },
      };
    };
    const stored = async (user: SignedInUser) => {
      const service = serviceClient(backend);
      const [notes, conflicts] = await Promise.all([
        service.from('notes').select('title, body, tags, pinned, version').eq('user_id', user.id),
        service.from('conflicts').select('losing_value, base_value').eq('user_id', user.id),
      ]);
      return { notes: notes.data, conflicts: conflicts.data };
    };

    // The owner's journal is encrypted (the envelope above): a device with the key seals, and is heard.
    const cipher = journalCipher(dataKey);
    const sealing = device(owner, '00000045-0000-7000-8000-00000000000a');
    const now = Date.now();
    const created = await sealing.push([await cipher.sealMutation(sealing.change(note(now), now))]);
    expect(created.results).toEqual([{ seq: 1, status: 'applied' }]);
    const before = await stored(owner);
    expect(before.notes).toHaveLength(1);
    expect(JSON.stringify(before)).not.toMatch(WORDS);

    // A device without it (old code, or not yet told) sends its edit in clear: refused with its own
    // code, as a 403 the engine stops on as locked, beside a change that alone would apply; nothing is stored.
    const clear = device(owner, '00000045-0000-7000-8000-00000000000b');
    await expect(
      clear.push([clear.change({ pinned: true }, now + 1), clear.change({ title: 'Heron, later' }, now + 2)]),
    ).rejects.toMatchObject({
      kind: 'journal_locked',
      status: 403,
      message: expect.stringContaining('journal_encrypted'),
    });
    expect(await stored(owner)).toEqual(before);

    // The same device, once it has the key, is heard.
    const sealed = await clear.push([
      await cipher.sealMutation(clear.change({ title: 'Heron, later' }, now + 3)),
    ]);
    expect(sealed.results).toEqual([{ seq: 3, status: 'applied' }]);
    expect(JSON.stringify(await stored(owner))).not.toMatch(WORDS);

    // A user without an envelope writes in clear as before.
    const plain = device(stranger, '00000045-0000-7000-8000-00000000000c');
    expect((await plain.push([plain.change(note(now), now)])).results).toEqual([
      { seq: 1, status: 'applied' },
    ]);
    expect((await stored(stranger)).notes).toMatchObject([{ title: 'Heron at the weir', tags: ['birds'] }]);
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
