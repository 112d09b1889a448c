import { readFileSync, writeFileSync } from 'node:fs';

import { format, resolveConfig } from 'prettier';

const DOCS_START = '<!-- bench:start -->';
const DOCS_END = '<!-- bench:end -->';

/**
 * Replaces what lies between the bench markers and nothing else, so the prose around the generated
 * table stays whoever wrote it. Missing markers are an error rather than an append: a silently
 * duplicated table is worse than a failed run. The result goes through Prettier so `prettier --check`
 * stays green after every run.
 */
export async function updateDocs(path: string, generated: string): Promise<void> {
  const text = readFileSync(path, 'utf8');
  const start = text.indexOf(DOCS_START);
  const end = text.indexOf(DOCS_END);
  if (start < 0 || end < start) throw new Error(`${path} needs ${DOCS_START} … ${DOCS_END} markers`);
  const next = `${text.slice(0, start + DOCS_START.length)}\n\n${generated.trim()}\n\n${text.slice(end)}`;
  const options = (await resolveConfig(path)) ?? {};
  writeFileSync(path, await format(next, { ...options, filepath: path }));
}
