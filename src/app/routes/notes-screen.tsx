import { useTranslation } from 'react-i18next';
import { useOutlet } from 'react-router-dom';

import { NoNoteOpen, NotesListScreen } from '../../features/notes/index.ts';
import { useOpenedEntryKey } from '../routing/use-opened-entry-key.ts';
import { ListDetail } from '../../ui/list-detail.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useUserData } from '../../lib/user-data/use-user-data.ts';

/** /notes, and beside it the open note (/notes/:id, the outlet); the spinner while the database opens. */
export function Component() {
  const { t } = useTranslation();
  const data = useUserData();
  const note = useOutlet();
  const openKey = useOpenedEntryKey();
  if (!data) return <Spinner label={t('common.loading')} />;
  return (
    <ListDetail
      list={<NotesListScreen data={data} />}
      detail={note}
      openKey={openKey}
      empty={<NoNoteOpen />}
      loadingLabel={t('common.loading')}
    />
  );
}
