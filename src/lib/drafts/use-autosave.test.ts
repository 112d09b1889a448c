import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { saveEveryDraft } from './unsaved-drafts.ts';
import { useAutosave } from './use-autosave.ts';

describe('autosave', () => {
  it('writes the queued fields at once when every draft is saved (a newer version taking over)', async () => {
    const saved: Record<string, string>[] = [];
    const { result, unmount } = renderHook(() =>
      useAutosave<Record<string, string>>(async (patch) => void saved.push(patch), 60_000),
    );
    act(() => {
      result.current.schedule({ title: 'Train' });
      result.current.schedule({ body: 'typed as the update came' });
    });
    await act(async () => {
      await saveEveryDraft();
    });
    expect(saved).toEqual([{ title: 'Train', body: 'typed as the update came' }]);
    expect(result.current.status).toBe('saved');
    unmount();
  });
});
