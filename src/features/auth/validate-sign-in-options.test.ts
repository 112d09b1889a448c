import { describe, expect, it } from 'vitest';

import {
  authenticatorCodeProblem,
  compactPhone,
  domainProblem,
  phoneProblem,
} from './validate-credentials.ts';

describe('sign-in option checks', () => {
  it('asks for a phone number in international format', () => {
    expect(phoneProblem('')).toBe('auth.validation.phoneRequired');
    expect(phoneProblem('0151 2345678')).toBe('auth.validation.phoneInvalid');
    expect(phoneProblem('+49 151 2345 678')).toBeNull();
    expect(compactPhone('+49 (151) 2345-678')).toBe('+491512345678');
  });

  it('asks for a company domain like example.com', () => {
    expect(domainProblem(' ')).toBe('auth.validation.domainRequired');
    expect(domainProblem('acme')).toBe('auth.validation.domainInvalid');
    expect(domainProblem('https://acme.com')).toBe('auth.validation.domainInvalid');
    expect(domainProblem('Acme.example.com')).toBeNull();
  });

  it('asks for the six digits of the authenticator app', () => {
    expect(authenticatorCodeProblem('12345')).toBe('auth.validation.authenticatorCodeInvalid');
    expect(authenticatorCodeProblem('12a456')).toBe('auth.validation.authenticatorCodeInvalid');
    expect(authenticatorCodeProblem('123 456')).toBeNull();
  });
});
