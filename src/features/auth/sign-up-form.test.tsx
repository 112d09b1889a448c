import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { renderAt } from '../../testing/notes-test-harness.tsx';
import { SignUpForm } from './sign-up-form.tsx';

function SignUp() {
  const [email, setEmail] = useState('ana@example.com');
  return <SignUpForm email={email} onEmail={setEmail} />;
}

describe('SignUpForm', () => {
  it('takes back "Use at least 8 characters." as soon as the password is long enough', async () => {
    await renderAt('/auth', [{ path: '/auth', element: <SignUp /> }]);
    const password = screen.getByLabelText('Password', { exact: false });
    await userEvent.type(password, 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Use at least 8 characters.')).toBeTruthy();

    await userEvent.type(password, ' but now strong');
    expect(screen.queryByText('Use at least 8 characters.')).toBeNull();
  });
});
