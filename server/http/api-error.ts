/**
 * A response decided before any handler finished: the dispatcher turns it into JSON with `status`, `body`
 * and `headers`. Handlers throw it instead of writing to the response, so a transaction in progress rolls back.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
    super(typeof body['message'] === 'string' ? body['message'] : `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}
