import { useContext } from 'react';

import { AuthContext, type AuthContextValue } from './auth-context.ts';

export function useAuth(): AuthContextValue {
  return useContext(AuthContext);
}
