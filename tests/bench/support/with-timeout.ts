/** `promise`, or an error naming `what` once two minutes have passed without it settling. */
export function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`peer: ${what} did not finish in 2 min`)), 120_000);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
