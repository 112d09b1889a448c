import { useEffect, useState } from 'react';
import type { ZodType } from 'zod';

import { useUserData } from '../user-data/use-user-data.ts';

/**
 * The draft this device kept for a form (form-draft.ts), read once per key: undefined while reading,
 * null when there is none. A kept value that no longer fits the form's shape (an older Murmur wrote
 * it) is reported and not offered; it stays stored until the form keeps or discards its own.
 */
export function useKeptFormDraft<T>(key: string | null, schema: ZodType<T>): T | null | undefined {
  const userData = useUserData();
  const [read, setRead] = useState<{ key: string; value: T | null } | null>(null);

  useEffect(() => {
    if (!userData || key === null) return;
    let current = true;
    userData.db.form_drafts
      .get(key)
      .then((row) => {
        if (!current) return;
        const parsed = row ? schema.safeParse(row.value) : null;
        if (parsed && !parsed.success)
          console.warn(`Murmur set aside a kept draft it cannot read (${key})`, parsed.error);
        setRead({ key, value: parsed?.success ? parsed.data : null });
      })
      .catch((error: unknown) => {
        console.error(`Murmur could not read the kept draft ${key}`, error);
        if (current) setRead({ key, value: null });
      });
    return () => {
      current = false;
    };
  }, [userData, key, schema]);

  return read !== null && read.key === key ? read.value : undefined;
}
