import { useTranslation } from 'react-i18next';

import { NotesListScreen } from '../../features/notes/index.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { useUserData } from '../../lib/user-data/use-user-data.ts';

/** /notes — the spinner while the user's database opens. */
export function Component() {
  const { t } = useTranslation();
  const data = useUserData();
  if (!data) return <Spinner label={t('common.loading')} />;
  return <NotesListScreen data={data} />;
}
