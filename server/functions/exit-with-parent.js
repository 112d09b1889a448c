// Preloaded into every function's Deno (functions-router.ts). The backend holds this process's stdin open
// and never writes to it, so end-of-file means the backend is gone, however it ended (kill -9 included):
// the function exits with it instead of living on as an orphan that holds a port.
// The watch starts on 'load', once the function's module has run: Deno waits for a preloaded module's
// pending work before it runs the main module, and this work only ends with the backend.
globalThis.addEventListener('load', () => {
  void (async () => {
    for await (const chunk of globalThis.Deno.stdin.readable) {
      // Nothing is ever sent; only the end matters.
      void chunk;
    }
    globalThis.Deno.exit(0);
  })();
});
