import { render, screen } from '@testing-library/react';
import { ErrorBoundary } from 'react-error-boundary';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';

import { createI18n } from '../lib/i18n/i18n.ts';
import { ErrorFallback } from './error-fallback.tsx';

function Broken(): never {
  throw new Error('notes index is corrupt');
}

describe('render-error fallback', () => {
  it('replaces a failed component with the message, the error and a reload button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const i18n = await createI18n();
    render(
      <I18nextProvider i18n={i18n}>
        <ErrorBoundary FallbackComponent={ErrorFallback}>
          <Broken />
        </ErrorBoundary>
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('There was an error loading this component')).toBeTruthy();
    expect(screen.getByText('notes index is corrupt')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
  });
});
