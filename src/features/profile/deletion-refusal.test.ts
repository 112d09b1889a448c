import { describe, expect, it } from 'vitest';

import { deletionRefusal } from './deletion-refusal.ts';

function refusedWith(status: number, body: string): { context: Response } {
  return { context: new Response(body, { status, headers: { 'Content-Type': 'application/json' } }) };
}

describe('deletionRefusal', () => {
  it('asks for a new sign-in when the function wants one', async () => {
    const error = refusedWith(
      403,
      JSON.stringify({ code: 'reauthentication_needed', error: 'Sign in again to delete your account.' }),
    );
    expect(await deletionRefusal(error)).toBe('sign-in-again');
  });

  it('asks for the second step when the session is not aal2', async () => {
    expect(await deletionRefusal(refusedWith(403, JSON.stringify({ code: 'aal2_required' })))).toBe(
      'second-step',
    );
  });

  it('counts anything else as a failure to retry', async () => {
    expect(await deletionRefusal(refusedWith(502, JSON.stringify({ error: 'nope' })))).toBe('failed');
    expect(await deletionRefusal(refusedWith(502, '<html>Bad gateway</html>'))).toBe('failed');
    expect(await deletionRefusal(new TypeError('Failed to fetch'))).toBe('failed');
    expect(await deletionRefusal(null)).toBe('failed');
  });
});
