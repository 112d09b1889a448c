/**
 * The slice of the Deno runtime Murmur's Edge Functions use, for type-checking them with tsc. On
 * Supabase the real Deno types apply; locally server/functions/deno-shim.ts provides these at run time.
 */
declare namespace Deno {
  function serve(handler: (request: Request) => Response | Promise<Response>): unknown;
  const env: {
    get(name: string): string | undefined;
  };
}
