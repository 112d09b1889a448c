import type { IncomingHttpHeaders } from 'node:http';

export interface Preferences {
  readonly return: 'minimal' | 'representation' | 'headers-only' | undefined;
  readonly count: 'exact' | 'planned' | 'estimated' | undefined;
  readonly resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  readonly missing: 'default' | 'null' | undefined;
  readonly tx: 'commit' | 'rollback' | undefined;
  /** The preferences honoured, for the Preference-Applied header. */
  readonly applied: string[];
}

const ALLOWED: Record<string, readonly string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
};

/** Parses Prefer headers (several, comma lists; the first occurrence of a key wins; unknown values ignored). */
export function parsePrefer(headers: IncomingHttpHeaders): Preferences {
  const raw = headers['prefer'];
  const values = (Array.isArray(raw) ? raw : raw ? [raw] : []).flatMap((header) => header.split(','));
  const found: Record<string, string> = {};
  const applied: string[] = [];
  for (const value of values) {
    const [key = '', setting = ''] = value
      .trim()
      .split('=', 2)
      .map((part) => part.trim());
    if (key in found || !ALLOWED[key]?.includes(setting)) continue;
    found[key] = setting;
    applied.push(`${key}=${setting}`);
  }
  return {
    return: found['return'] as Preferences['return'],
    count: found['count'] as Preferences['count'],
    resolution: found['resolution'] as Preferences['resolution'],
    missing: found['missing'] as Preferences['missing'],
    tx: found['tx'] as Preferences['tx'],
    applied,
  };
}
