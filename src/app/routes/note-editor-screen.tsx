import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';

import { NoteEditorScreen } from '../../features/notes/index.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { useUserData } from '../../lib/user-data/use-user-data.ts';

/** /notes/:id — one note in the editor. */
export function Component() {
  const { t } = useTranslation();
  const data = useUserData();
  const { id = '' } = useParams();
  if (!data) return <Spinner label={t('common.loading')} />;
  return <NoteEditorScreen data={data} noteId={id} />;
}
