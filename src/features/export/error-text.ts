/** An error's own words, for a technical detail. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
