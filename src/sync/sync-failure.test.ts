import { describe, expect, it } from 'vitest';

import { MalformedResponseError } from './errors.ts';
import { syncFailure } from './sync-failure.ts';
import { TransportError } from './transport.ts';

describe('syncFailure', () => {
  it('[R32] a 401 waits for a refreshed session rather than a retry timer', () => {
    expect(syncFailure(new TransportError('unauthorized', 'JWT expired', 401))).toEqual({
      then: 'signIn',
      kind: 'auth',
      message: 'JWT expired',
    });
  });

  it('[R31] a 403 for data that is not this device’s stops until a new trigger', () => {
    expect(syncFailure(new TransportError('forbidden', 'client belongs to another user', 403))).toMatchObject(
      {
        then: 'stop',
        kind: 'forbidden',
      },
    );
  });

  it('retries after the network, the server, a malformed answer or the local database failed', () => {
    const kinds = [
      new TransportError('network', 'Failed to fetch'),
      new TransportError('server', 'Bad gateway', 502),
      new TransportError('rejected', 'Bad request', 400),
      new MalformedResponseError('pull page: rows is not an array'),
      new Error('QuotaExceededError'),
      'a thrown string',
    ].map((error) => syncFailure(error));
    expect(kinds.map(({ then, kind }) => `${then} ${kind}`)).toEqual([
      'retry network',
      'retry server',
      'retry server',
      'retry malformed',
      'retry local',
      'retry local',
    ]);
    expect(kinds.at(-1)?.message).toBe('a thrown string');
  });
});
