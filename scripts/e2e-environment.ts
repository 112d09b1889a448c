/**
 * The end-to-end suite's servers listen on ports of their own, not on npm start's 4173 and 54321, and
 * serve a build of their own: a person's running app (without the suite's stand-ins) never answers for
 * them. Each may be moved by its variable; every other address follows from them.
 */
export function e2eEnvironment(env: NodeJS.ProcessEnv): Record<string, string> {
  const port = Number(env['PORT'] ?? 4183);
  const apiPort = Number(env['API_PORT'] ?? 54331);
  const stubPort = Number(env['STUB_PORT'] ?? apiPort + 78);
  const modelHubPort = Number(env['MODEL_HUB_PORT'] ?? apiPort + 79);
  return {
    PORT: String(port),
    API_PORT: String(apiPort),
    STUB_PORT: String(stubPort),
    MODEL_HUB_PORT: String(modelHubPort),
    VITE_SUPABASE_URL: env['VITE_SUPABASE_URL'] ?? `http://127.0.0.1:${apiPort}`,
    VITE_MODEL_HOST: env['VITE_MODEL_HOST'] ?? `http://127.0.0.1:${modelHubPort}/`,
    MURMUR_OUT_DIR: env['MURMUR_OUT_DIR'] ?? 'dist-e2e',
  };
}
