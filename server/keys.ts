import { DEVELOPMENT_JWT_SECRET } from './config.ts';
import { signJwt } from './auth/jwt.ts';

/** The Supabase CLI's demo keys (HS256 with the development secret, expiring 2032-11-13). The app ships the anon one. */
export const DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const DEMO_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** The demo keys for the development secret; keys with the same claims signed with any other secret. */
export async function developmentKeys(secret: string): Promise<{ anonKey: string; serviceRoleKey: string }> {
  if (secret === DEVELOPMENT_JWT_SECRET)
    return { anonKey: DEMO_ANON_KEY, serviceRoleKey: DEMO_SERVICE_ROLE_KEY };
  const exp = 1983812996;
  return {
    anonKey: await signJwt({ iss: 'supabase-demo', role: 'anon', exp }, secret),
    serviceRoleKey: await signJwt({ iss: 'supabase-demo', role: 'service_role', exp }, secret),
  };
}
