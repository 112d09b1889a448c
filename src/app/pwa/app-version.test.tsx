import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderAt } from '../../testing/notes-test-harness.tsx';
import { AppVersion } from './app-version.tsx';

describe('AppVersion', () => {
  it('shows the release and when it was built, in words, never a raw timestamp', async () => {
    await renderAt('/support', [
      { path: '/support', element: <AppVersion version="0.1.0" buildId="2026-12-02T10:40:00.000Z" /> },
    ]);
    const shown = await screen.findByText(/^Murmur 0\.1\.0, built /);
    expect(shown.textContent).toContain('December 2, 2026');
    expect(shown.textContent).not.toContain('2026-12-02T');
  });

  it('shows a named build by its name', async () => {
    await renderAt('/support', [{ path: '/support', element: <AppVersion version="0.1.0" buildId="v2" /> }]);
    expect(await screen.findByText('Murmur 0.1.0 (build v2)')).toBeTruthy();
  });

  it('speaks German in German', async () => {
    await renderAt(
      '/support',
      [{ path: '/support', element: <AppVersion version="0.1.0" buildId="2026-12-02T10:40:00.000Z" /> }],
      { language: 'de-DE' },
    );
    expect((await screen.findByText(/^Murmur 0\.1\.0, erstellt am /)).textContent).toContain('Dezember 2026');
  });
});
