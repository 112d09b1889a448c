import { useContext } from 'react';

import { AuthContext, type AuthState } from './auth-context.ts';

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
