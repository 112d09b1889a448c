// The part of Deno's runtime API that the Edge Functions use, so that the editor and type-aware lint
// (tsconfig.functions.json) can read them. `npm run typecheck:functions` checks the functions against
// Deno's own declarations with `deno check`; this file must stay a subset of them.
declare namespace Deno {
  interface HttpServer {
    readonly finished: Promise<void>;
  }
  function serve(handler: (request: Request) => Response | Promise<Response>): HttpServer;
  const env: { get(key: string): string | undefined };
}
