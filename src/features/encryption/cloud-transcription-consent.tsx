import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';

import type { UserData } from '../../lib/user-data/user-data-context.ts';
import { settingFieldStyles } from '../settings/index.ts';

/**
 * Whether an encrypted journal's recordings may go to the cloud transcription service the person chose
 * (ADR 0151), on this device. Off until they say so; Local Processing never needs it.
 */
export function CloudTranscriptionConsent({ userData }: { userData: UserData }) {
  const { t } = useTranslation();
  const allowed = useLiveQuery(() => userData.commands.cloudTranscriptionAllowed(), [userData]);
  return (
    <label className={settingFieldStyles.switch}>
      <input
        type="checkbox"
        role="switch"
        checked={allowed === true}
        disabled={allowed === undefined}
        onChange={(event) =>
          void userData.commands
            .allowCloudTranscription(event.target.checked)
            .catch((error: unknown) => console.error('Saving the transcription permission failed', error))
        }
      />
      <span>
        {t('encryption.cloudTranscription.label')}
        <span className={settingFieldStyles.hint}>{t('encryption.cloudTranscription.hint')}</span>
      </span>
    </label>
  );
}
