import type { Seen, SeenField } from '../../db/commands/rebase-edit.ts';
import { mergeTags } from '../../db/merge/merge-tags.ts';
import { mergeText } from '../../db/merge/merge-text.ts';

/** Each edited field as stored: its value and the HLC it carries (the row's `_sync.hlc[field]`). */
export type StoredFields = Readonly<Record<string, SeenField>>;

/**
 * A base no stored version has: the next save finds the stored HLC different and merges against the
 * stored value, which keeps it as a conflict if the merge cannot (R38). The zero HLC qualifies, since
 * it is used only after a save wrote the field (which gave it a real HLC).
 */
const UNSTORED_HLC = '';

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** What an editor does after a save: show merged text, save it, and say the entry changed elsewhere. */
export interface AfterSave {
  show: Record<string, unknown>;
  resave: Record<string, unknown>;
  changedElsewhere: boolean;
}

/**
 * Which stored version each field of an open editor derives from (sync.md R37): the base a save is
 * planned against, so the server and the merge know what the person saw. Framework-free; the editors
 * hold one per open entry and tell it what they show, what was stored, and what a save wrote.
 *
 * - When the stored field moves to a newer HLC and the editor has no unsaved words in it, the editor
 *   shows the stored value and takes it as its base.
 * - While the person types, the base stays; the save merges what they typed with what was stored.
 * - After a save, the base is what was written. If the save merged in another change, the words typed
 *   since the save are merged onto it too, and the editor shows the result.
 */
export class EditBase {
  private readonly bases = new Map<string, SeenField>();

  constructor(stored: StoredFields) {
    for (const [field, version] of Object.entries(stored)) this.bases.set(field, version);
  }

  /** The base of each of `fields`, for a save of them. */
  seen(fields: readonly string[]): Seen {
    const seen: Record<string, SeenField> = {};
    for (const field of fields) {
      const base = this.bases.get(field);
      if (base) seen[field] = base;
    }
    return seen;
  }

  /**
   * The stored entry as it stands now, with what the editor shows and whether it has unsaved words.
   * Returns the fields to show instead (a newer stored value over text not changed since its base),
   * and whether one of them came from elsewhere. An older stored HLC is a read from before the
   * editor's own last save, and changes nothing.
   */
  follow(
    stored: StoredFields,
    shown: Readonly<Record<string, unknown>>,
    typing: boolean,
  ): { show: Record<string, unknown>; changedElsewhere: boolean } {
    const show: Record<string, unknown> = {};
    let changedElsewhere = false;
    if (typing) return { show, changedElsewhere };
    for (const [field, version] of Object.entries(stored)) {
      const base = this.bases.get(field);
      if (!base || version.hlc <= base.hlc) continue;
      if (!sameValue(shown[field], base.value)) continue;
      this.bases.set(field, version);
      if (!sameValue(shown[field], version.value)) {
        show[field] = version.value;
        changedElsewhere = true;
      }
    }
    return { show, changedElsewhere };
  }

  /**
   * A save of `patch` wrote `saved` (each field as stored after it). `shown` is what the editor shows
   * now, which may hold words typed while the save ran.
   */
  afterSave(
    patch: Readonly<Record<string, unknown>>,
    saved: StoredFields,
    shown: Readonly<Record<string, unknown>>,
  ): AfterSave {
    const result: AfterSave = { show: {}, resave: {}, changedElsewhere: false };
    for (const [field, typed] of Object.entries(patch)) {
      const written = saved[field];
      if (!written) continue;
      if (sameValue(written.value, typed)) {
        this.bases.set(field, written);
        continue;
      }
      result.changedElsewhere = true;
      const now = shown[field];
      if (typeof typed === 'string' && typeof now === 'string' && typeof written.value === 'string') {
        const merged = mergeText(typed, now, written.value);
        if (!merged.clean) {
          // Words typed during the save touch what it merged in: the next save merges them against the
          // stored value, which keeps that value as a conflict where it must.
          this.bases.set(field, { value: typed, hlc: UNSTORED_HLC });
          continue;
        }
        this.bases.set(field, written);
        if (merged.text !== now) result.show[field] = merged.text;
        if (merged.text !== written.value) result.resave[field] = merged.text;
      } else if (isStringArray(typed) && isStringArray(now) && isStringArray(written.value)) {
        const merged = mergeTags(typed, now, written.value);
        this.bases.set(field, written);
        if (!sameValue(merged, now)) result.show[field] = merged;
        if (!sameValue(merged, written.value)) result.resave[field] = merged;
      } else {
        this.bases.set(field, written);
        result.show[field] = written.value;
      }
    }
    return result;
  }
}

/** Each of `fields` of a stored row, with its HLC, as EditBase takes them. */
export function storedFields(
  row: Readonly<Record<string, unknown>> & { _sync: { hlc: Readonly<Record<string, string>> } },
  fields: readonly string[],
): Record<string, SeenField> {
  const stored: Record<string, SeenField> = {};
  for (const field of fields) stored[field] = { value: row[field], hlc: row._sync.hlc[field] ?? '' };
  return stored;
}
