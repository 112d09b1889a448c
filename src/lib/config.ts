/**
 * The local backend (server/) listens here in development and tests, with Supabase's well-known
 * development anon key, so a fresh clone needs no account. VITE_SUPABASE_URL and
 * VITE_SUPABASE_ANON_KEY point a build at a hosted Supabase project instead.
 */
export const LOCAL_BACKEND_URL = 'http://127.0.0.1:54321';
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** Where Local Processing downloads its Whisper model from (a Hugging Face hub or a mirror of one). */
export const HUGGING_FACE_HUB = 'https://huggingface.co/';

export interface AppConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** Ends with a slash: model files are at `${modelHost}${model}/resolve/${revision}/${file}`. */
  modelHost: string;
  /** Names this build: a time (an ISO date) unless the build was given a name (MURMUR_BUILD_ID). */
  buildId: string;
  /** The release, package.json's version. */
  version: string;
}

/**
 * Two values checked by hand rather than with zod: any zod on the start-up path shares zod's core with
 * the lazily loaded entity schemas, which pulls ~15 KB gz of validation into the first screen.
 */
function checkUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : 'must be an http(s) URL';
  } catch {
    return 'must be a URL';
  }
}

export function readConfig(env: Record<string, unknown>): AppConfig {
  const text = (name: string, fallback: string) => {
    const value = env[name];
    return typeof value === 'string' && value !== '' ? value : fallback;
  };
  const supabaseUrl = text('VITE_SUPABASE_URL', LOCAL_BACKEND_URL);
  const supabaseAnonKey = text('VITE_SUPABASE_ANON_KEY', LOCAL_ANON_KEY);
  const modelHost = text('VITE_MODEL_HOST', HUGGING_FACE_HUB);
  const problems = [
    checkUrl(supabaseUrl) && `VITE_SUPABASE_URL ${checkUrl(supabaseUrl)}`,
    checkUrl(modelHost) && `VITE_MODEL_HOST ${checkUrl(modelHost)}`,
    supabaseAnonKey.length < 20 && 'VITE_SUPABASE_ANON_KEY must be at least 20 characters',
  ].filter((problem): problem is string => typeof problem === 'string');
  if (problems.length > 0) throw new Error(`Invalid Murmur configuration: ${problems.join('; ')}`);
  return {
    supabaseUrl,
    supabaseAnonKey,
    modelHost: modelHost.endsWith('/') ? modelHost : `${modelHost}/`,
    buildId: __MURMUR_BUILD_ID__,
    version: __MURMUR_VERSION__,
  };
}

export const appConfig: AppConfig = readConfig(import.meta.env);
