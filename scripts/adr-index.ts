import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ADR_DIR = 'docs/adr';

const HEADER = `# Architecture decision records

One short record per decision: the context, what we decided, and what follows. A record is never
rewritten after the fact; a later decision that changes it says which one it supersedes. This index is
made by \`npx node scripts/adr-index.ts\`; a test fails when it is out of date.
`;

/** The index of every record in `dir`: number, title and status line, newest last. */
export function adrIndex(dir = ADR_DIR): string {
  const rows = readdirSync(dir)
    .filter((name) => /^\d{4}-.*\.md$/.test(name))
    .sort()
    .map((name) => {
      const text = readFileSync(join(dir, name), 'utf8');
      const heading = /^# (\d{4}) — (.+)$/m.exec(text);
      const status = /^Status: (.+)$/m.exec(text)?.[1]?.trim() ?? 'not stated';
      const number = heading?.[1] ?? name.slice(0, 4);
      const title = (heading?.[2] ?? name).replace(/\|/g, '\\|');
      return `| [${number}](${name}) | ${title} | ${status.replace(/\|/g, '\\|')} |`;
    });
  return `${HEADER}\n| Record | Decision | Status |\n| --- | --- | --- |\n${rows.join('\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const prettier = await import('prettier');
  const path = join(ADR_DIR, 'README.md');
  const options = (await prettier.resolveConfig(path)) ?? {};
  writeFileSync(path, await prettier.format(adrIndex(), { ...options, parser: 'markdown' }));
  console.log(`${ADR_DIR}/README.md written`);
}
