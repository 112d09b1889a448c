/** Why the delete-account function said no, as what the form does about it. */
export type DeletionRefusal = 'sign-in-again' | 'second-step' | 'failed';

/**
 * Reads the function's answer from a supabase-js FunctionsHttpError (its `context` is the response):
 * `reauthentication_needed` and `aal2_required` ask for more proof; anything else, or no answer at all,
 * is a failure to retry.
 */
export async function deletionRefusal(error: unknown): Promise<DeletionRefusal> {
  const context = (error as { context?: unknown } | null)?.context;
  if (!(context instanceof Response)) return 'failed';
  let code: unknown;
  try {
    code = ((await context.json()) as { code?: unknown }).code;
  } catch {
    // Not JSON (a proxy's error page): nothing to ask the person for.
    return 'failed';
  }
  if (code === 'reauthentication_needed') return 'sign-in-again';
  if (code === 'aal2_required') return 'second-step';
  return 'failed';
}
