import * as z from 'zod/mini';

/**
 * The local backend (server/) listens here in development and tests, with Supabase's well-known
 * development anon key, so a fresh clone needs no account. VITE_SUPABASE_URL and
 * VITE_SUPABASE_ANON_KEY point a build at a hosted Supabase project instead.
 */
export const LOCAL_BACKEND_URL = 'http://127.0.0.1:54321';
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

// zod/mini: the same validation as zod at a fraction of the size on the start-up path.
const envSchema = z.object({
  VITE_SUPABASE_URL: z._default(z.url(), LOCAL_BACKEND_URL),
  VITE_SUPABASE_ANON_KEY: z._default(z.string().check(z.minLength(20)), LOCAL_ANON_KEY),
});

export interface AppConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  buildId: string;
}

export function readConfig(env: Record<string, unknown>): AppConfig {
  const parsed = z.safeParse(envSchema, {
    VITE_SUPABASE_URL: env['VITE_SUPABASE_URL'] || undefined,
    VITE_SUPABASE_ANON_KEY: env['VITE_SUPABASE_ANON_KEY'] || undefined,
  });
  if (!parsed.success) {
    throw new Error(`Invalid Murmur configuration: ${z.prettifyError(parsed.error)}`);
  }
  return {
    supabaseUrl: parsed.data.VITE_SUPABASE_URL,
    supabaseAnonKey: parsed.data.VITE_SUPABASE_ANON_KEY,
    buildId: __MURMUR_BUILD_ID__,
  };
}

export const appConfig: AppConfig = readConfig(import.meta.env);
