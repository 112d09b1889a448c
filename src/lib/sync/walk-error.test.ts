import { describe, expect, it } from 'vitest';

import { MalformedResponseError } from '../../sync/errors.ts';
import { TransportError } from '../../sync/transport.ts';
import { fromWalkError, toWalkError } from './walk-error.ts';

/** As the error travels from the sync worker: through structured clone, which keeps only plain data. */
const acrossThreads = (error: unknown) => fromWalkError(structuredClone(toWalkError(error)));

describe('walk errors across threads', () => {
  it('keeps a transport error’s class, kind and status, which decide retry or sign-in (R16, R32)', () => {
    const error = acrossThreads(new TransportError('unauthorized', 'sync_pull: JWT expired', 401));
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401, message: 'sync_pull: JWT expired' });
    expect(acrossThreads(new TransportError('network', 'offline'))).toMatchObject({
      kind: 'network',
      status: null,
    });
  });

  it('keeps a malformed response a malformed response (R4)', () => {
    const error = acrossThreads(new MalformedResponseError('pull page is not after our cursor'));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error.message).toBe('pull page is not after our cursor');
  });

  it('turns anything else into an error with its message', () => {
    expect(acrossThreads(new DOMException('The quota was exceeded', 'QuotaExceededError')).message).toBe(
      'The quota was exceeded',
    );
    expect(acrossThreads('disk on fire').message).toBe('disk on fire');
  });
});
