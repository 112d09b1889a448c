// @vitest-environment node
import { randomUUID } from 'node:crypto';

import type { SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createSupabaseSyncTransport } from '../../../src/lib/sync/supabase-sync-transport.ts';
import { pullResponseSchema } from '../../../src/sync/protocol.ts';
import { TransportError } from '../../../src/sync/transport.ts';
import { TARGETS } from '../backend/support/backend-targets.ts';
import { client } from '../backend/support/clients.ts';
import {
  signUpUser,
  startSyncBackend,
  TEST_PASSWORD,
  type SignedInUser,
  type SyncBackend,
} from './support/sync-backend.ts';
import { device, newNote } from './support/sync-requests.ts';

function codeFor(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
}

/** How a session of `supabase` fares at each way into the user's data. */
async function reach(supabase: SupabaseClient, userId: string, functions: boolean) {
  const { data: session } = await supabase.auth.getSession();
  const token = session.session?.access_token ?? '';
  const transport = createSupabaseSyncTransport(supabase, userId);
  const dev = device(userId);
  const status = (promise: Promise<unknown>) =>
    promise.then(
      () => 200,
      (error: unknown) => (error instanceof TransportError ? error.status : -1),
    );

  const notes = (await supabase.from('notes').select('id')).data ?? [];
  const pull = await status(transport.pull(dev.pull(0), { userId, accessToken: token }));
  const id = randomUUID();
  const push = await status(
    transport.push(dev.push([dev.mutation('notes', id, newNote(id))]), { userId, accessToken: token }),
  );
  const upload = await supabase.storage
    .from('recordings')
    .upload(`${userId}/${randomUUID()}`, new Blob([new Uint8Array(8)], { type: 'audio/webm' }));
  await supabase.realtime.setAuth(token);
  const channel = supabase.channel(`user:${userId}`, { config: { private: true } });
  const join = await new Promise<string>((resolve) => {
    channel.subscribe((state) => {
      if (state !== 'CLOSED') resolve(state);
    });
  });
  await supabase.removeChannel(channel);
  const subscription = functions
    ? await supabase.functions.invoke('verify-subscription', { body: {} })
    : null;
  const functionStatus = subscription?.response?.status ?? 'not served';
  return {
    notesRead: notes.length,
    pull,
    push,
    upload: upload.error ? 'refused' : 'stored',
    join,
    functionStatus,
  };
}

describe.each(TARGETS)('two-step verification enforced by the database and functions on %s', (target) => {
  // Every target's backend serves the functions (each starts its own Deno processes).
  const functions = true;
  let backend: SyncBackend;
  let owner: SignedInUser;
  let secret = '';
  let factorId = '';

  beforeAll(async () => {
    backend = await startSyncBackend(target, { withFunctions: functions });
    owner = await signUpUser(backend);
    // A note synced before the factor was enrolled.
    const dev = device(owner.id);
    const id = randomUUID();
    const transport = createSupabaseSyncTransport(owner.supabase, owner.id);
    await transport.push(dev.push([dev.mutation('notes', id, newNote(id))]), {
      userId: owner.id,
      accessToken: owner.token,
    });
    const enrolled = await owner.supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
    if (enrolled.error) throw enrolled.error;
    factorId = enrolled.data.id;
    secret = enrolled.data.totp.secret;
    const verified = await owner.supabase.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) });
    if (verified.error) throw verified.error;
  }, 120_000);

  afterAll(async () => {
    await backend?.stop();
  });

  it('a password alone reaches none of the data of a user with a verified factor', async () => {
    const passwordOnly = client(backend.url, backend.anonKey);
    const signedIn = await passwordOnly.auth.signInWithPassword({
      email: owner.email,
      password: TEST_PASSWORD,
    });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.session?.access_token).toBeTruthy();

    expect(await reach(passwordOnly, owner.id, functions)).toEqual({
      notesRead: 0,
      pull: 403,
      push: 403,
      upload: 'refused',
      join: 'CHANNEL_ERROR',
      functionStatus: functions ? 403 : 'not served',
    });
    if (functions) {
      const deleted = await passwordOnly.functions.invoke('delete-account', { method: 'POST' });
      expect(deleted.response?.status).toBe(403);
    }
    await passwordOnly.auth.signOut();
  });

  it('the same sign-in with its code reaches all of it', async () => {
    const withCode = client(backend.url, backend.anonKey);
    const signedIn = await withCode.auth.signInWithPassword({ email: owner.email, password: TEST_PASSWORD });
    expect(signedIn.error).toBeNull();
    const verified = await withCode.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) });
    expect(verified.error).toBeNull();

    const reached = await reach(withCode, owner.id, functions);
    expect(reached).toEqual({
      notesRead: 1,
      pull: 200,
      push: 200,
      upload: 'stored',
      join: 'SUBSCRIBED',
      functionStatus: functions ? 200 : 'not served',
    });
    const page = pullResponseSchema.parse(
      await createSupabaseSyncTransport(withCode, owner.id).pull(device(owner.id).pull(0), {
        userId: owner.id,
        accessToken: verified.data?.access_token ?? '',
      }),
    );
    expect(page.reset_required).toBe(false);
  });

  it('a user without a factor needs no second step', async () => {
    const plain = await signUpUser(backend);
    const reached = await reach(plain.supabase, plain.id, functions);
    expect(reached).toEqual({
      notesRead: 0,
      pull: 200,
      push: 200,
      upload: 'stored',
      join: 'SUBSCRIBED',
      functionStatus: functions ? 200 : 'not served',
    });
  });
});
