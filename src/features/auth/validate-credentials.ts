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

/** International format, as SMS gateways want it: a plus, a country code and the number. */
export function phoneProblem(phone: string): string | null {
  const compact = phone.replace(/[\s()-]/g, '');
  if (compact === '') return 'auth.validation.phoneRequired';
  return /^\+[1-9]\d{6,14}$/.test(compact) ? null : 'auth.validation.phoneInvalid';
}

export function compactPhone(phone: string): string {
  return phone.replace(/[\s()-]/g, '');
}

/** A company's email domain for single sign-on, such as example.com. */
export function domainProblem(domain: string): string | null {
  const trimmed = domain.trim().toLowerCase();
  if (trimmed === '') return 'auth.validation.domainRequired';
  return /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(trimmed)
    ? null
    : 'auth.validation.domainInvalid';
}

/** The six digits an authenticator app shows. */
export function authenticatorCodeProblem(code: string): string | null {
  return /^\d{6}$/.test(code.replace(/\s/g, '')) ? null : 'auth.validation.authenticatorCodeInvalid';
}
