import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Page } from './page.tsx';

describe('Page', () => {
  it('marks the first screen once per load, not on later pages', () => {
    performance.clearMarks('murmur:first-screen');
    const { rerender } = render(<Page title="Notes" />);
    rerender(<Page title="Diary" />);
    render(<Page title="Mood" />);
    expect(performance.getEntriesByName('murmur:first-screen', 'mark')).toHaveLength(1);
    expect(document.title).toBe('Mood · Murmur');
  });
});
