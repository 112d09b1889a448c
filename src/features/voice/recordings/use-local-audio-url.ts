import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo } from 'react';

import type { MurmurDatabase } from '../../../db/schema.ts';

/** An object URL for a recording's audio kept on this device, or null when none is here. */
export function useLocalAudioUrl(db: MurmurDatabase, recordingId: string, mimeType: string): string | null {
  const chunks = useLiveQuery(
    () => db.audio_chunks.where('recording_id').equals(recordingId).sortBy('seq'),
    [db, recordingId],
  );
  const url = useMemo(
    () =>
      chunks && chunks.length > 0
        ? URL.createObjectURL(
            new Blob(
              chunks.map((chunk) => chunk.data),
              { type: mimeType },
            ),
          )
        : null,
    [chunks, mimeType],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
