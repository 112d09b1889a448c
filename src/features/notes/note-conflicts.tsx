import { useTranslation } from 'react-i18next';

import { EntryConflicts } from '../conflicts/index.ts';
import type { NotesData } from './notes-data.ts';

/** The note's versions that sync did not keep; a locked note's other body stays hidden until unlocked. */
export function NoteConflicts({
  data,
  noteId,
  hideBody,
}: {
  data: NotesData;
  noteId: string;
  hideBody: boolean;
}) {
  const { t } = useTranslation();
  return (
    <EntryConflicts
      db={data.db}
      commands={data.commands}
      table="notes"
      rowId={noteId}
      hideBody={hideBody}
      fieldName={(field) => t(`notes.fields.${field}`, field)}
    />
  );
}
