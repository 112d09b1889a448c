import { useContext } from 'react';

import { UserDataContext, type UserData } from './user-data-context.ts';

/** The signed-in user's database and commands, or null while there is none (visitor, opening). */
export function useUserData(): UserData | null {
  return useContext(UserDataContext);
}
