import { randomUUID } from 'node:crypto';

import { formatHlc } from '../../../../src/db/hlc.ts';
import { PROTOCOL_VERSION, type PushMutation } from '../../../../src/sync/protocol.ts';

/** Builds wire requests for one device (client id) the way the engine would send them. */
export function device(userId: string, clientId: string = randomUUID()) {
  let seq = 0;
  const node = clientId.replace(/-/g, '');
  return {
    clientId,
    hlc: (ms: number) => formatHlc({ ms, counter: 0, node }),
    mutation(table: string, id: string, patch: Record<string, unknown>, ms = Date.now()): PushMutation {
      seq += 1;
      const stamp = formatHlc({ ms, counter: 0, node });
      return {
        seq,
        mutation_id: randomUUID(),
        table,
        id,
        patch,
        hlc: Object.fromEntries(Object.keys(patch).map((field) => [field, stamp])),
        base: Object.fromEntries(Object.keys(patch).map((field) => [field, ''])),
      };
    },
    push: (mutations: PushMutation[]) => ({
      protocol: PROTOCOL_VERSION,
      client_id: clientId,
      user_id: userId,
      mutations,
    }),
    pull: (cursor = 0, limit = 1000, wantDigest = false) => ({
      protocol: PROTOCOL_VERSION,
      client_id: clientId,
      user_id: userId,
      cursor,
      limit,
      want_digest: wantDigest,
    }),
  };
}

export function newNote(id: string = randomUUID(), overrides: Record<string, unknown> = {}) {
  return {
    id,
    title: 'A title',
    body: 'A body',
    font: 'Inter',
    color: '#FFF7D1',
    font_size: 18,
    pinned: false,
    locked: false,
    tags: ['morning'],
    created_at: new Date().toISOString(),
    deleted_at: null,
    ...overrides,
  };
}

export function newDiaryEntry(id: string = randomUUID()) {
  return {
    id,
    day: '2026-11-22',
    time_zone: 'Europe/Berlin',
    title: 'Sunday',
    body: 'Rain, then sun.',
    font: 'Montserrat',
    color: '#f3e8ff',
    font_size: 16,
    created_at: new Date().toISOString(),
    deleted_at: null,
  };
}

export function newMoodEntry(id: string = randomUUID()) {
  return {
    id,
    moment: '2026-11-22T07:30:00.000Z',
    time_zone: 'America/New_York',
    level: 4,
    activities: ['walk'],
    note: 'Good start',
    created_at: new Date().toISOString(),
    deleted_at: null,
  };
}

export function newRecording(id: string = randomUUID()) {
  return {
    id,
    entry_table: null,
    entry_id: null,
    mime_type: 'audio/webm',
    size_bytes: 1234,
    duration_ms: 5000,
    sha256: null,
    storage_path: `recordings/${id}.webm`,
    uploaded_at: null,
    transcript: 'hello',
    segments: [{ start: 0, end: 1.5, text: 'hello' }],
    created_at: new Date().toISOString(),
    deleted_at: null,
  };
}
