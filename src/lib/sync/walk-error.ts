import { MalformedResponseError } from '../../sync/errors.ts';
import { TransportError } from '../../sync/transport.ts';
import type { WalkError } from './sync-worker-messages.ts';

/**
 * A walk's or a drain's error as it crosses from the sync worker to the engine. The engine decides what to do by the
 * error's class (R16, R32: retry, sign in again, report as malformed), so the class must survive the
 * trip; structured clone keeps only a plain Error.
 */
export function toWalkError(error: unknown): WalkError {
  if (error instanceof TransportError) {
    return { name: 'TransportError', kind: error.kind, message: error.message, status: error.status };
  }
  if (error instanceof MalformedResponseError)
    return { name: 'MalformedResponseError', message: error.message };
  return { name: 'Error', message: error instanceof Error ? error.message : String(error) };
}

export function fromWalkError(error: WalkError): Error {
  if (error.name === 'TransportError') return new TransportError(error.kind, error.message, error.status);
  if (error.name === 'MalformedResponseError') return new MalformedResponseError(error.message);
  return new Error(error.message);
}
