/** One way into the auth panel; each has its own form. */
export type AuthMode = 'signIn' | 'signUp' | 'code' | 'phone' | 'sso' | 'forgot';
