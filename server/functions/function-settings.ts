import { existsSync, readFileSync } from 'node:fs';

/**
 * Which functions skip the JWT check, from supabase/config.toml as the Supabase CLI reads it:
 *
 *   [functions.stripe-webhook]
 *   verify_jwt = false
 *
 * Only this one setting is read (a webhook from a payment provider carries a signature, not a JWT).
 */
export function functionsWithoutJwt(configFile: string): Set<string> {
  const open = new Set<string>();
  if (!existsSync(configFile)) return open;
  let section: string | null = null;
  for (const rawLine of readFileSync(configFile, 'utf8').split(/\r?\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const header = /^\[functions\.("?)([A-Za-z0-9_-]+)\1\]$/.exec(line);
    if (header) {
      section = header[2] ?? null;
      continue;
    }
    if (line.startsWith('[')) {
      section = null;
      continue;
    }
    if (section && /^verify_jwt\s*=\s*false$/.test(line)) open.add(section);
  }
  return open;
}
