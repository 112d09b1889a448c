/** The first characters of a body on one line, for a card; the full text stays in the editor. */
const PREVIEW_LENGTH = 160;

export function notePreview(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
}
