/** A response that failed validation (R4): nothing is applied or deleted, the request is retried later. */
export class MalformedResponseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedResponseError';
  }
}
