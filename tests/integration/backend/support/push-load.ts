import { randomUUID } from 'node:crypto';

import type { PushMutation } from '../../../../src/sync/protocol.ts';
import { device, newNote } from '../../sync/support/sync-requests.ts';

/** Where the load sends its requests; it changes when a test restarts the backend on another port. */
export interface LoadTarget {
  url: string;
  anonKey: string;
}

interface Device {
  readonly userId: string;
  readonly token: string;
  readonly build: ReturnType<typeof device>;
  /** The push this device sent and has not yet heard succeed: sent again as it was, same seq. */
  pending: { noteId: string; body: string } | undefined;
}

export interface PushLoad {
  /** Note ids whose push was answered 200 (applied or duplicate). */
  readonly acknowledged: Set<string>;
  /** How often each outcome came back: an HTTP status, or `unanswered` when the connection failed. */
  readonly outcomes: Map<string, number>;
  /** The signed-up devices (one user each). */
  readonly devices: readonly Device[];
  /** Stops starting new notes, and resolves once every device's last push is acknowledged. */
  settle(timeoutMs: number): Promise<void>;
  /** Stops at once, leaving unanswered pushes as they are. */
  halt(): Promise<void>;
  /** Note ids pushed but not acknowledged (their outcome unknown to the client). */
  unacknowledged(): string[];
}

async function signUp(target: LoadTarget, index: number): Promise<{ id: string; token: string }> {
  const response = await fetch(`${target.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: target.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `load-${index}-${randomUUID()}@example.com`, password: 'load test 1234' }),
  });
  const body = (await response.json()) as { access_token?: string; user?: { id?: string } };
  if (!response.ok || !body.access_token || !body.user?.id)
    throw new Error(`sign-up failed (${response.status}): ${JSON.stringify(body)}`);
  return { id: body.user.id, token: body.access_token };
}

/**
 * `count` signed-up devices, each pushing one new note after another through `sync_push` as the sync
 * engine does: one push in flight per device, and a push that got no success is sent again unchanged
 * (same seq, same mutation) until it does, so retries must be idempotent.
 */
export async function startPushLoad(target: LoadTarget, count: number): Promise<PushLoad> {
  const devices: Device[] = [];
  for (let index = 0; index < count; index += 1) {
    const user = await signUp(target, index);
    devices.push({ userId: user.id, token: user.token, build: device(user.id), pending: undefined });
  }
  const acknowledged = new Set<string>();
  const outcomes = new Map<string, number>();
  const pushed: string[] = [];
  let creating = true;
  let running = true;
  const count1 = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);

  const pushOnce = async (dev: Device): Promise<void> => {
    if (!dev.pending) {
      if (!creating) return;
      const noteId = randomUUID();
      const mutation: PushMutation = dev.build.mutation('notes', noteId, newNote(noteId));
      dev.pending = { noteId, body: JSON.stringify({ request: dev.build.push([mutation]) }) };
      pushed.push(noteId);
    }
    const { noteId, body } = dev.pending;
    let status: number;
    try {
      const response = await fetch(`${target.url}/rest/v1/rpc/sync_push`, {
        method: 'POST',
        headers: {
          apikey: target.anonKey,
          Authorization: `Bearer ${dev.token}`,
          'Content-Type': 'application/json',
        },
        body,
        signal: AbortSignal.timeout(20_000),
      });
      status = response.status;
      const answer = (await response.json()) as { results?: { status?: string }[] };
      if (status === 200) {
        const result = answer.results?.[0]?.status;
        if (result !== 'applied' && result !== 'duplicate')
          throw new Error(`push of ${noteId} answered 200 with ${JSON.stringify(answer)}`);
        acknowledged.add(noteId);
        dev.pending = undefined;
      }
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('push of')) throw error;
      count1('unanswered');
      await new Promise((resolve) => setTimeout(resolve, 100));
      return;
    }
    count1(String(status));
    if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
  };

  const loops = devices.map(async (dev) => {
    while (running && (creating || dev.pending)) await pushOnce(dev);
  });
  const all = Promise.all(loops);

  return {
    acknowledged,
    outcomes,
    devices,
    async settle(timeoutMs) {
      creating = false;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('pushes still unacknowledged')), timeoutMs);
      });
      try {
        await Promise.race([all, timedOut]);
      } finally {
        clearTimeout(timer);
      }
    },
    async halt() {
      creating = false;
      running = false;
      await all;
    },
    unacknowledged: () => pushed.filter((id) => !acknowledged.has(id)),
  };
}

/** The note ids stored for the load's users, read with the service role (past RLS). */
export async function storedNoteIds(
  target: LoadTarget,
  serviceKey: string,
  load: PushLoad,
): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const dev of load.devices) {
    const response = await fetch(`${target.url}/rest/v1/notes?select=id&user_id=eq.${dev.userId}`, {
      headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` },
    });
    if (!response.ok) throw new Error(`reading notes failed: ${response.status} ${await response.text()}`);
    for (const row of (await response.json()) as { id: string }[]) ids.add(row.id);
  }
  return ids;
}
