import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderAt } from '../../testing/notes-test-harness.tsx';
import { AuthPanel } from './auth-panel.tsx';

const OTHER_WAYS = ['Email me a code', 'Text me a code', 'Company sign-in (SSO)', 'Continue with Google'];

async function openAuth() {
  await renderAt('/auth', [{ path: '/auth', element: <AuthPanel /> }]);
  return screen.getByRole('button', { name: 'More ways to sign in' });
}

describe('AuthPanel', () => {
  it('opens on email and password, with the other ways folded away', async () => {
    const toggle = await openAuth();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    for (const way of OTHER_WAYS) expect(screen.queryByRole('button', { name: way })).toBeNull();
  });

  it('shows and hides the other ways from the keyboard', async () => {
    const toggle = await openAuth();
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    for (const way of OTHER_WAYS) expect(screen.getByRole('button', { name: way })).toBeTruthy();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Email me a code' }));

    toggle.focus();
    await userEvent.keyboard(' ');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    for (const way of OTHER_WAYS) expect(screen.queryByRole('button', { name: way })).toBeNull();
  });

  it('shows a chosen way on its own and brings focus to it', async () => {
    await userEvent.click(await openAuth());
    await userEvent.click(screen.getByRole('button', { name: 'Text me a code' }));
    const heading = screen.getByRole('heading', { name: 'Text me a code' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByLabelText('Phone number')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'More ways to sign in' }).getAttribute('aria-expanded')).toBe(
      'false',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Sign in with email and password' }));
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('switches between signing in and creating an account, keeping the email', async () => {
    await openAuth();
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Create account' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });
});
