/**
 * A quick, honest strength estimate for the new-password forms: length matters most, variety helps,
 * and a few patterns everyone tries are called out. Feedback only — the server enforces its own rules.
 */
export const MIN_PASSWORD_LENGTH = 8;

export type PasswordStrength = 'tooShort' | 'weak' | 'fair' | 'strong';

const COMMON = ['password', '12345678', 'qwerty', 'letmein', 'iloveyou', 'murmur', 'abcdefgh'];

export function passwordStrength(password: string): PasswordStrength {
  if (password.length < MIN_PASSWORD_LENGTH) return 'tooShort';
  const lower = password.toLowerCase();
  if (COMMON.some((word) => lower.includes(word)) || /^(.)\1+$/.test(password)) return 'weak';
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(password)).length;
  if (password.length >= 16 || (password.length >= 12 && classes >= 3)) return 'strong';
  if (classes >= 2 || password.length >= 12) return 'fair';
  return 'weak';
}
