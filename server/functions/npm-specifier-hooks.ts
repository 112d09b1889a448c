/**
 * Node module hooks that let Edge Functions keep Deno's import specifiers: `npm:stripe@23.1.0` and
 * `npm:@supabase/supabase-js@2/…` resolve to the project's installed package (the version in
 * package.json, which the function's pinned specifier must match — checked by a test).
 * Registered once by installDenoShim; they touch only specifiers that start with `npm:`.
 */
interface ResolveContext {
  parentURL?: string;
  conditions: string[];
}
type NextResolve = (specifier: string, context: ResolveContext) => Promise<{ url: string }>;

/** `npm:@scope/name@1.2.3/sub/path` → `@scope/name/sub/path`. */
export function bareSpecifier(specifier: string): string {
  const rest = specifier.slice('npm:'.length).replace(/^\//, '');
  const match = /^(@[^/@]+\/[^/@]+|[^/@]+)(?:@[^/]*)?(\/.*)?$/.exec(rest);
  if (!match) throw new Error(`not an npm specifier: ${specifier}`);
  return `${match[1]}${match[2] ?? ''}`;
}

export async function resolve(specifier: string, context: ResolveContext, nextResolve: NextResolve) {
  if (!specifier.startsWith('npm:')) return nextResolve(specifier, context);
  return nextResolve(bareSpecifier(specifier), context);
}
