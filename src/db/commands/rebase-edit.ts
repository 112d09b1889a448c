import type { RowSync } from '../entities/common.ts';
import type { TablePolicy } from '../entities/entity-tables.ts';
import { hlcNode } from '../hlc.ts';
import { mergeTags } from '../merge/merge-tags.ts';
import { keepsEveryWord } from '../merge/keeps-every-word.ts';
import { mergeText } from '../merge/merge-text.ts';

/** A field's value as an editor showed it, with the HLC the stored field had then (R37). */
export interface SeenField {
  value: unknown;
  hlc: string;
}

/** What an editor showed for each field it saves: the base its author typed on (R37). */
export type Seen = Readonly<Record<string, SeenField>>;

/** A stored value that an edit displaced without its author having seen it: kept as a conflict. */
interface DisplacedValue {
  field: string;
  value: unknown;
  hlc: string;
}

export interface RebasedEdit {
  /** The patch to write: merged where the stored value changed since the editor showed it. */
  patch: Record<string, unknown>;
  /** Each patched field's base for the outbox: the HLC of the stored value the new value includes. */
  base: Record<string, string>;
  /**
   * The text a field's change is based on where that is what the editor showed rather than the stored
   * value (both sides changed the same words): sent with the change for the server's conflict (R40).
   */
  baseText: Record<string, string>;
  /** Values that lost to this edit and exist only on this device: kept as local conflicts. */
  displaced: DisplacedValue[];
  /** Fields whose stored value changed since the editor showed it (merged, or displaced). */
  concurrent: string[];
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * Plans an editor's save against the base it showed, not against whatever is stored by then (R37,
 * R38). A field whose stored HLC is still the one the editor saw is written as typed, based on it. One
 * that changed meanwhile is a concurrent edit: text is merged three-way with the base (both sides kept
 * where they touch different words) and tags as a set. A clean merge includes the stored value, so it
 * is based on the stored HLC and displaces nothing. Where both changed the same words, or the merge
 * would drop a word of ours (the stored value may not have started from what the editor saw),
 * ours is written whole and the change is based on what the editor saw, so the server keeps the stored
 * value as a conflict (R20, R21); when that value came from this device (another tab), the server would take it for seen, so it
 * is displaced here and kept as a local conflict.
 */
export function rebaseEdit(
  policy: TablePolicy,
  patch: Record<string, unknown>,
  current: Record<string, unknown>,
  sync: RowSync,
  seen: Seen,
  ownNode: string,
): RebasedEdit {
  const rebased: Record<string, unknown> = { ...patch };
  const base: Record<string, string> = {};
  const baseText: Record<string, string> = {};
  const displaced: DisplacedValue[] = [];
  const concurrent: string[] = [];
  for (const [field, ours] of Object.entries(patch)) {
    const storedHlc = sync.hlc[field] ?? '';
    const shown = seen[field];
    if (!shown || shown.hlc === storedHlc) continue;
    const stored = current[field];
    if (typeof ours === 'string' && typeof stored === 'string' && typeof shown.value === 'string') {
      concurrent.push(field);
      const merged = mergeText(shown.value, ours, stored);
      // The editor's words stay: a word of ours the stored value lacks was deleted there only if that
      // value started from what the editor showed, which nothing here can tell.
      if (merged.clean && keepsEveryWord(merged.text, ours)) {
        rebased[field] = merged.text;
        base[field] = storedHlc;
        continue;
      }
      // Not a merge to trust: ours is written whole, and the stored value is kept as a conflict.
      rebased[field] = ours;
      base[field] = shown.hlc;
      baseText[field] = shown.value;
      if (policy.textFields.includes(field) && stored !== '' && hlcNode(storedHlc) === ownNode)
        displaced.push({ field, value: stored, hlc: storedHlc });
    } else if (isStringArray(ours) && isStringArray(stored) && isStringArray(shown.value)) {
      concurrent.push(field);
      rebased[field] = mergeTags(shown.value, ours, stored);
      base[field] = storedHlc;
    }
  }
  return { patch: rebased, base, baseText, displaced, concurrent };
}
