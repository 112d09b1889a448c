export { needsSecondFactor } from './assurance-level.ts';
export { AuthContext } from './auth-context.ts';
export type { AuthContextValue } from './auth-context.ts';
export { authErrorKey } from './auth-error-message.ts';
export type { AuthErrorKey } from './auth-error-message.ts';
export { AuthPanel } from './auth-panel.tsx';
export { AuthProvider } from './auth-provider.tsx';
export { EmailField } from './email-field.tsx';
export { FormError } from './form-error.tsx';
export { MfaChallengeForm } from './mfa-challenge-form.tsx';
export { JOURNAL_TOPICS } from './needs-onboarding.ts';
export type { JournalTopic } from './needs-onboarding.ts';
export { NewPasswordForm } from './new-password-form.tsx';
export { OAUTH_PROVIDERS, PROVIDER_NAMES } from './oauth-providers.ts';
export type { OAuthProvider } from './oauth-providers.ts';
export { OneTimeCodeForm } from './one-time-code-form.tsx';
export { removeLocalData } from './remove-local-data.ts';
export { ResetPasswordForm } from './reset-password-form.tsx';
export { SessionExpiryWatcher } from './session-expiry-watcher.tsx';
export { reportAuthFailure } from './session-expiry.ts';
export { useAuthAction } from './use-auth-action.ts';
export { useAuth } from './use-auth.ts';
export { useSignOut } from './use-sign-out.ts';
export {
  authenticatorCodeProblem,
  codeProblem,
  compactPhone,
  emailProblem,
  phoneProblem,
} from './validate-credentials.ts';
