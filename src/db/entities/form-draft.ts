/**
 * What someone typed into a form that saves only on its button (a mood check-in), kept on this device
 * until they save or discard it, so a reload, a crash or a newer Murmur taking the database over does
 * not lose it. Never synced: an unsaved form is this device's, and the per-user database keeps it from
 * every other account on the device.
 */
export interface FormDraft {
  /** Which form and which entry or day, e.g. `mood:new:2026-11-26` or `mood:<entry id>`. */
  key: string;
  /** The form's own shape; the form validates it on reading, as it may come from an older Murmur. */
  value: unknown;
  saved_at: string;
}
