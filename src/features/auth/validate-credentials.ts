import { MIN_PASSWORD_LENGTH } from './password-strength.ts';

/** Field checks before anything is sent; each result is a translation key or null. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailProblem(email: string): string | null {
  if (email.trim() === '') return 'auth.validation.emailRequired';
  if (!EMAIL.test(email.trim())) return 'auth.validation.emailInvalid';
  return null;
}

export function passwordProblem(password: string, { isNew }: { isNew: boolean }): string | null {
  if (password === '') return 'auth.validation.passwordRequired';
  if (isNew && password.length < MIN_PASSWORD_LENGTH) return 'auth.validation.passwordTooShort';
  return null;
}

export function confirmationProblem(password: string, confirmation: string): string | null {
  return password === confirmation ? null : 'auth.validation.passwordsDiffer';
}

export function codeProblem(code: string): string | null {
  return /^\d{6}$/.test(code.trim()) ? null : 'auth.validation.codeInvalid';
}
