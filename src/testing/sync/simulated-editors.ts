/**
 * Open editors for the sync simulation (docs/sync.md R36–R39): each simulated tab may have editors
 * open on a note's or diary entry's title or body, with the text they show and the base it derives
 * from (the app's own `EditBase`). The person types bursts of words, the editor saves them as the
 * app's autosave does (`editNote` / `editDiaryEntry` against its base), follows the stored entry when
 * nothing is unsaved, and a tab that reloads with unsaved words replays them as the app's rescue does.
 *
 * The oracle: every word shown in an editor as typed by the person is, after quiescence, in the
 * entry's value (a deleted entry's too), or in a conflict on the server or on a device — unless an
 * editor that showed it removed it.
 */
import type { Stored } from '../../db/entities/common.ts';
import type { Conflict } from '../../db/entities/conflict.ts';
import type { Seen } from '../../db/commands/rebase-edit.ts';
import { EditBase, storedFields } from '../../lib/drafts/edit-base.ts';
import type { Prng } from './prng.ts';
import type { TestTab } from './test-device.ts';

const EDITED_TABLES = ['notes', 'diary_entries'] as const;
type EditedTable = (typeof EDITED_TABLES)[number];
const EDITED_FIELDS = ['title', 'body'] as const;
type EditedField = (typeof EDITED_FIELDS)[number];

interface OpenEditor {
  tab: TestTab;
  table: EditedTable;
  id: string;
  field: EditedField;
  shown: string;
  base: EditBase;
  /** Words typed since the last save (what the app's autosave has pending). */
  dirty: boolean;
}

interface TypedWord {
  table: EditedTable;
  id: string;
  field: EditedField;
}

function words(text: unknown): string[] {
  return typeof text === 'string' ? text.split(/\s+/).filter(Boolean) : [];
}

export class SimulatedEditors {
  private open: OpenEditor[] = [];
  /** Every word an editor showed as typed by the person, and where. */
  private readonly typed = new Map<string, TypedWord>();
  /** Words an editor that showed them removed (the person deleted them, or restored over them). */
  private readonly removed = new Set<string>();
  private next = 0;

  /** `recorded` reads what a save wrote into the simulation's oracle and tells the tab's engine. */
  private readonly prng: Prng;
  private readonly recorded: (tab: TestTab) => Promise<void>;

  constructor(prng: Prng, recorded: (tab: TestTab) => Promise<void>) {
    this.prng = prng;
    this.recorded = recorded;
  }

  get count(): number {
    return this.open.length;
  }

  /** Opens an editor in `tab` on a live note or diary entry, showing what is stored. */
  async openOne(tab: TestTab): Promise<void> {
    const table = this.prng.pick(EDITED_TABLES);
    const rows = (await tab.db.entityTable(table).toArray()).filter((row) => row['deleted_at'] == null);
    if (rows.length === 0) return;
    const row = this.prng.pick(rows);
    const id = String(row['id']);
    const field = this.prng.pick(EDITED_FIELDS);
    if (this.open.some((e) => e.tab === tab && e.id === id && e.field === field)) return;
    this.open.push({
      tab,
      table,
      id,
      field,
      shown: String(row[field] ?? ''),
      base: new EditBase(storedFields(row, [field])),
      dirty: false,
    });
  }

  /**
   * A burst of typing in one open editor: words inserted at word boundaries, now and then one removed.
   * An editor whose entry was deleted meanwhile closes first, saving what it has (R39).
   */
  async type(): Promise<void> {
    if (this.open.length === 0) return;
    const editor = this.prng.pick(this.open);
    await this.follow(editor);
    const row = await editor.tab.db.entityTable(editor.table).get(editor.id);
    if (!row || row['deleted_at'] != null) {
      await this.close(editor);
      return;
    }
    for (let burst = this.prng.int(1, 4); burst > 0; burst -= 1) {
      const shown = words(editor.shown);
      // A title stays well inside its 500 characters even when two editors' words merge into it.
      const full = editor.field === 'title' && editor.shown.length > 150;
      if (shown.length > 0 && (full || this.prng.chance(0.15))) {
        const at = this.prng.int(0, shown.length - 1);
        const [gone] = shown.splice(at, 1);
        if (gone !== undefined) this.removed.add(gone);
      } else {
        const word = `w${(this.next += 1).toString()}x${editor.tab.device.index.toString()}`;
        shown.splice(this.prng.int(0, shown.length), 0, word);
        this.typed.set(word, { table: editor.table, id: editor.id, field: editor.field });
      }
      editor.shown = shown.join(' ');
      editor.dirty = true;
    }
  }

  /** The autosave of one editor with unsaved words. */
  async saveOne(): Promise<void> {
    const dirty = this.open.filter((e) => e.dirty);
    if (dirty.length > 0) await this.save(this.prng.pick(dirty));
  }

  /** Closes one editor, saving first, as leaving the screen does. */
  async closeOne(): Promise<void> {
    if (this.open.length > 0) await this.close(this.prng.pick(this.open));
  }

  /** What an editor does when it renders after the stored entry changed (R37). */
  async followAll(): Promise<void> {
    for (const editor of this.open) await this.follow(editor);
  }

  /**
   * `old` reloaded as `fresh`: its editors are gone, and their unsaved words were rescued and are
   * written by the fresh tab through the editor's own save, with the base they had (ADR 0108, R37).
   */
  async reloaded(old: TestTab, fresh: TestTab): Promise<void> {
    const gone = this.open.filter((e) => e.tab === old);
    this.open = this.open.filter((e) => e.tab !== old);
    for (const editor of gone) {
      if (!editor.dirty) continue;
      await this.write(fresh, editor, { [editor.field]: editor.shown }, editor.base.seen([editor.field]));
    }
  }

  /** Every editor saves and closes (the people stop typing before the devices settle). */
  async closeAll(): Promise<void> {
    while (this.open.length > 0) await this.close(this.open[0] as OpenEditor);
  }

  /** A restore about to replace `field` of an entry: the words it replaces were seen by its person. */
  async restoring(tab: TestTab, table: string, id: string, field: string | null): Promise<void> {
    if (!(EDITED_TABLES as readonly string[]).includes(table)) return;
    const row = await tab.db.entityTable(table as EditedTable).get(id);
    if (!row) return;
    for (const name of field === null ? EDITED_FIELDS : [field])
      for (const word of words(row[name])) this.removed.add(word);
  }

  /** The oracle: the typed words that are nowhere, with where they were typed. */
  lostWords(
    serverRows: readonly { table: string; id: string; data: Record<string, unknown> }[],
    conflicts: readonly Stored<Conflict>[] | readonly Record<string, unknown>[],
  ): string[] {
    const kept = new Map<string, Set<string>>();
    const keep = (key: string, text: unknown) => {
      const set = kept.get(key) ?? new Set<string>();
      for (const word of words(text)) set.add(word);
      kept.set(key, set);
    };
    for (const row of serverRows)
      for (const field of EDITED_FIELDS) keep(`${row.table}/${row.id}/${field}`, row.data[field]);
    for (const conflict of conflicts as readonly Record<string, unknown>[]) {
      const where = `${String(conflict['table_name'])}/${String(conflict['row_id'])}`;
      const losing = conflict['losing_value'];
      if (conflict['field'] === null && losing && typeof losing === 'object') {
        for (const field of EDITED_FIELDS)
          keep(`${where}/${field}`, (losing as Record<string, unknown>)[field]);
      } else keep(`${where}/${String(conflict['field'])}`, losing);
    }
    const lost: string[] = [];
    for (const [word, where] of this.typed) {
      if (this.removed.has(word)) continue;
      if (!kept.get(`${where.table}/${where.id}/${where.field}`)?.has(word))
        lost.push(`lost word: ${word} typed into ${where.table}/${where.id}/${where.field}`);
    }
    return lost;
  }

  private async follow(editor: OpenEditor): Promise<void> {
    const row = await editor.tab.db.entityTable(editor.table).get(editor.id);
    if (!row) return;
    const follow = editor.base.follow(
      storedFields(row, [editor.field]),
      { [editor.field]: editor.shown },
      editor.dirty,
    );
    const shown = follow.show[editor.field];
    if (typeof shown === 'string') editor.shown = shown;
  }

  private async save(editor: OpenEditor): Promise<void> {
    const patch = { [editor.field]: editor.shown };
    const saved = await this.write(editor.tab, editor, patch, editor.base.seen([editor.field]));
    const after = editor.base.afterSave(patch, saved, patch);
    const shown = after.show[editor.field];
    if (typeof shown === 'string') editor.shown = shown;
    editor.dirty = Object.keys(after.resave).length > 0;
  }

  private async close(editor: OpenEditor): Promise<void> {
    if (editor.dirty) await this.save(editor);
    this.open = this.open.filter((e) => e !== editor);
  }

  private async write(
    tab: TestTab,
    editor: OpenEditor,
    patch: Record<string, string>,
    seen: Seen,
  ): Promise<Record<string, { value: unknown; hlc: string }>> {
    const saved =
      editor.table === 'notes'
        ? await tab.commands.editNote(editor.id, patch, seen)
        : await tab.commands.editDiaryEntry(editor.id, patch, seen);
    await this.recorded(tab);
    return saved;
  }
}
