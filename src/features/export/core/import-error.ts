/** Why a whole file cannot be imported; `code` names the message shown (export.import.errors.*). */
export type ImportErrorCode =
  'notZip' | 'truncated' | 'wrongVersion' | 'notArchive' | 'dayOneVersion' | 'csvColumns' | 'unknownFormat';

export class ImportFileError extends Error {
  readonly code: ImportErrorCode;
  readonly detail: string;
  constructor(code: ImportErrorCode, detail = '') {
    super(`${code}${detail ? `: ${detail}` : ''}`);
    this.name = 'ImportFileError';
    this.code = code;
    this.detail = detail;
  }
}

/** Which record of the file a problem is about, shown in the person's language. */
export type ImportRecord =
  /** A line of a CSV file, counted as a spreadsheet shows it (the header is line 1). */
  | { kind: 'row'; number: number }
  /** An entry named by the file's own id, or by its place in the file ("#3") when it has none. */
  | { kind: 'entry'; source: string; id: string }
  /** A recording attached to an entry. */
  | { kind: 'audio'; entry: string; id: string }
  | { kind: 'settings' };

/** Why a record was skipped; `code` names the message shown (export.import.problem.*). */
type ImportProblemCode =
  'noId' | 'noDate' | 'empty' | 'fieldCount' | 'badDateTime' | 'unknownMood' | 'invalid';

/**
 * One record the import skipped, and why (the rest of the file is still imported). `values` fill the
 * message; `detail` is the raw technical reason (the validator's words), kept for a support request.
 */
export interface ImportProblem {
  record: ImportRecord;
  code: ImportProblemCode;
  values?: Record<string, string | number>;
  detail?: string;
}
