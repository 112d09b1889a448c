import type { Session, SupabaseClient, User } from '@supabase/supabase-js';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import { loadReauthenticationClient } from '../../lib/load-reauthentication-client.ts';
import { needsSecondFactor } from '../auth/index.ts';
import { authErrorKey } from '../auth/index.ts';
import { deletionRefusal, type DeletionRefusal } from './deletion-refusal.ts';
import type { CodeContact } from './reauthentication-ways.ts';

/** Where the deletion stands: the form, a code sent, the second step owed, or the request under way. */
export type DeletionStep =
  | { readonly kind: 'confirm' }
  | { readonly kind: 'code'; readonly contact: CodeContact }
  | { readonly kind: 'second-step'; readonly session: Session }
  | { readonly kind: 'deleting' };

const REFUSAL_KEYS: Record<DeletionRefusal, string> = {
  'sign-in-again': 'profile.delete.signInAgain',
  'second-step': 'auth.errors.needsSecondFactor',
  failed: 'profile.delete.failed',
};

/**
 * Signs the user in again on a client of its own (its session never replaces the app's, so the guard,
 * sync and other tabs see nothing of it), then asks the delete-account function with that fresh session.
 * `onDeleted` runs once the server has deleted the account. Leaving (cancel, unmount, a refusal) signs the
 * separate session out again.
 */
export function useAccountDeletion(user: User, onDeleted: () => Promise<void>) {
  const client = useRef<Promise<SupabaseClient> | null>(null);
  const [step, setStep] = useState<DeletionStep>({ kind: 'confirm' });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reauthenticationClient = useCallback(() => (client.current ??= loadReauthenticationClient()), []);

  const leave = useCallback(async () => {
    const current = client.current;
    client.current = null;
    if (!current) return;
    try {
      const separate = await current;
      if ((await separate.auth.getSession()).data.session) await separate.auth.signOut({ scope: 'local' });
    } catch (failure) {
      // The separate session then ends by itself when its access token expires.
      console.warn('Murmur could not end the sign-in made for deleting the account', failure);
    }
  }, []);

  useEffect(() => () => void leave(), [leave]);

  /** Runs one request at a time; a failure nobody handled goes back to the form with its message. */
  const guarded = async (action: () => Promise<void>) => {
    setPending(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      console.error('Murmur could not delete the account', failure);
      await leave();
      setStep({ kind: 'confirm' });
      setError(
        authErrorKey(failure) === 'auth.errors.network' ? 'auth.errors.network' : 'profile.delete.failed',
      );
    } finally {
      setPending(false);
    }
  };

  const refuse = async (key: string) => {
    await leave();
    setStep({ kind: 'confirm' });
    setError(key);
  };

  // The function call itself; the steps before it (signing in again) are the flow's own state above.
  const deleteAccount = useMutation({
    mutationFn: async (separate: SupabaseClient): Promise<DeletionRefusal | null> => {
      const { error: failure } = await separate.functions.invoke('delete-account', { method: 'POST' });
      return failure ? deletionRefusal(failure) : null;
    },
  });

  const deleteWith = async (separate: SupabaseClient) => {
    setStep({ kind: 'deleting' });
    const refusal = await deleteAccount.mutateAsync(separate);
    if (refusal) {
      console.error(`Murmur could not delete the account (${refusal})`);
      await refuse(REFUSAL_KEYS[refusal]);
      return;
    }
    // The separate session went with the account: nothing is left to sign out.
    client.current = null;
    await onDeleted();
  };

  const signedIn = async (separate: SupabaseClient, session: Session | null) => {
    // The address belongs to this account, but an email change elsewhere could have moved it on.
    if (!session || session.user.id !== user.id) return refuse('profile.delete.failed');
    if (needsSecondFactor(session)) {
      setStep({ kind: 'second-step', session });
      return;
    }
    await deleteWith(separate);
  };

  const withPassword = (password: string) =>
    guarded(async () => {
      const separate = await reauthenticationClient();
      const { data, error: failure } = await separate.auth.signInWithPassword({
        email: user.email ?? '',
        password,
      });
      if (failure) {
        const key = authErrorKey(failure);
        setError(key === 'auth.errors.invalidCredentials' ? 'profile.delete.wrongPassword' : key);
        return;
      }
      await signedIn(separate, data.session);
    });

  const sendCode = (contact: CodeContact) =>
    guarded(async () => {
      const separate = await reauthenticationClient();
      const { error: failure } = await separate.auth.signInWithOtp({
        ...contact,
        options: { shouldCreateUser: false },
      });
      if (failure) {
        setError(authErrorKey(failure));
        return;
      }
      setStep({ kind: 'code', contact });
    });

  const withCode = (contact: CodeContact, code: string) =>
    guarded(async () => {
      const separate = await reauthenticationClient();
      const token = code.trim();
      const { data, error: failure } = await separate.auth.verifyOtp(
        'email' in contact
          ? { email: contact.email, token, type: 'email' }
          : { phone: contact.phone, token, type: 'sms' },
      );
      if (failure) {
        setError(authErrorKey(failure));
        return;
      }
      await signedIn(separate, data.session);
    });

  /** After the second step verified on the separate client. */
  const afterSecondStep = () => guarded(async () => deleteWith(await reauthenticationClient()));

  const cancel = async () => {
    setStep({ kind: 'confirm' });
    setError(null);
    await leave();
  };

  return {
    step,
    pending,
    error,
    withPassword,
    sendCode,
    withCode,
    afterSecondStep,
    cancel,
    reauthenticationClient,
  };
}
