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

/** One record the import skipped, and why (the rest of the file is still imported). */
export interface ImportProblem {
  /** Where it was in the file, e.g. "row 12" or a Day One entry uuid. */
  record: string;
  reason: string;
}
