/**
 * Whether an error means the database could not be reached (down, restarting, a connection cut), as
 * opposed to a statement it refused: the request may be retried, and the answer is a 503.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : '';
  return (
    (typeof code === 'string' &&
      (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTCONN', '57P01', '57P02', '57P03'].includes(
        code,
      ) ||
        code.startsWith('08'))) ||
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end/i.test(
      message,
    )
  );
}
