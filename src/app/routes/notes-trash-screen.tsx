import { useTranslation } from 'react-i18next';

import { NotesTrashScreen } from '../../features/notes/index.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { useUserData } from '../../lib/user-data/use-user-data.ts';

/** /notes/trash — recently deleted notes. */
export function Component() {
  const { t } = useTranslation();
  const data = useUserData();
  if (!data) return <Spinner label={t('common.loading')} />;
  return <NotesTrashScreen data={data} />;
}
