import { useCallback, useState } from 'react';

import { authErrorKey, type AuthErrorKey } from './auth-error-message.ts';

/** Runs one auth request at a time and keeps its failure as a translation key for the form to show. */
export function useAuthAction() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<AuthErrorKey | null>(null);

  const run = useCallback(async (action: () => Promise<{ error: unknown }>): Promise<boolean> => {
    setPending(true);
    setError(null);
    try {
      const { error: failure } = await action();
      if (failure) {
        setError(authErrorKey(failure));
        return false;
      }
      return true;
    } catch (failure) {
      setError(authErrorKey(failure));
      return false;
    } finally {
      setPending(false);
    }
  }, []);

  return { pending, error, run, clearError: () => setError(null) };
}
