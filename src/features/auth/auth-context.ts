import type { Session, User } from '@supabase/supabase-js';
import { createContext } from 'react';

export interface AuthState {
  user: User | null;
  session: Session | null;
  /** True until the stored session has been checked once. */
  loading: boolean;
}

export const INITIAL_AUTH_STATE: AuthState = { user: null, session: null, loading: true };

export const AuthContext = createContext<AuthState>(INITIAL_AUTH_STATE);
