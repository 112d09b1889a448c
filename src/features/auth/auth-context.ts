import type { Session, User } from '@supabase/supabase-js';
import { createContext } from 'react';

export interface AuthState {
  /** The signed-in user; null for visitors and while a password recovery is in progress. */
  user: User | null;
  session: Session | null;
  /** True until the stored session has been checked once. */
  loading: boolean;
  /** On the reset-password page during a recovery flow: a session exists but the app is not signed in. */
  isRecoveryMode: boolean;
  /** Signed in with a password or code, but a verified factor makes aal2 next: the code is still owed. */
  mfaPending: boolean;
  /** A signed-in user who has neither finished nor skipped onboarding (product spec §3 Contexts). */
  needsOnboarding: boolean;
}

export interface AuthContextValue extends AuthState {
  /** The session a recovery flow established, usable only to set the new password. */
  recoverySession: Session | null;
  /** Ends recovery: the recovered session becomes the app's signed-in state. */
  finishRecovery: () => void;
  /** The aal1 session waiting for its second factor (its user lists the factors), else null. */
  mfaSession: Session | null;
}

export const AuthContext = createContext<AuthContextValue>({
  user: null,
  session: null,
  loading: true,
  isRecoveryMode: false,
  mfaPending: false,
  needsOnboarding: false,
  recoverySession: null,
  finishRecovery: () => undefined,
  mfaSession: null,
});
