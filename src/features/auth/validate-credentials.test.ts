import { describe, expect, it } from 'vitest';

import { codeProblem, confirmationProblem, emailProblem, passwordProblem } from './validate-credentials.ts';

describe('credential checks', () => {
  it('asks for an email and for a plausible one', () => {
    expect(emailProblem('')).toBe('auth.validation.emailRequired');
    expect(emailProblem('  ')).toBe('auth.validation.emailRequired');
    expect(emailProblem('ada')).toBe('auth.validation.emailInvalid');
    expect(emailProblem('ada@example')).toBe('auth.validation.emailInvalid');
    expect(emailProblem(' ada@example.com ')).toBeNull();
  });

  it('asks for a password, and a long enough new one', () => {
    expect(passwordProblem('', { isNew: false })).toBe('auth.validation.passwordRequired');
    expect(passwordProblem('short', { isNew: false })).toBeNull();
    expect(passwordProblem('short', { isNew: true })).toBe('auth.validation.passwordTooShort');
    expect(passwordProblem('long enough', { isNew: true })).toBeNull();
  });

  it('wants the confirmation to match and the code to be six digits', () => {
    expect(confirmationProblem('a', 'b')).toBe('auth.validation.passwordsDiffer');
    expect(confirmationProblem('a', 'a')).toBeNull();
    expect(codeProblem('12345')).toBe('auth.validation.codeInvalid');
    expect(codeProblem(' 123456 ')).toBeNull();
  });
});
