import { useUserData } from '../../lib/user-data/use-user-data.ts';
import { ExportSection } from './export-section.tsx';
import { ImportSection } from './import-section.tsx';

/** Export, import and the backup reminder (Settings → Storage and data); local data only, works offline. */
export function ExportImportPanel() {
  const userData = useUserData();
  if (!userData) return null;
  return (
    <>
      <ExportSection userData={userData} />
      <ImportSection userData={userData} />
    </>
  );
}
