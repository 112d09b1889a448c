import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { saveEveryDraft } from '../../lib/drafts/unsaved-drafts.ts';
import { useAutosave } from './use-autosave.ts';

describe('useAutosave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves once, with the last value, a moment after typing stops', async () => {
    const saved: string[] = [];
    const { result } = renderHook(() => useAutosave<string>(async (value) => void saved.push(value), 400));
    act(() => {
      result.current.schedule('H');
      result.current.schedule('He');
      result.current.schedule('Hello');
    });
    expect(result.current.state).toBe('pending');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(399);
    });
    expect(saved).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(saved).toEqual(['Hello']);
    expect(result.current.state).toBe('saved');
  });

  it('writes a pending draft at once when every draft is saved (a newer version taking over), and stops being asked after it closes', async () => {
    const saved: string[] = [];
    const { result, unmount } = renderHook(() =>
      useAutosave<string>(async (value) => void saved.push(value)),
    );
    act(() => result.current.schedule('typed as the update came'));
    await act(async () => {
      await saveEveryDraft();
    });
    expect(saved).toEqual(['typed as the update came']);
    unmount();
    await saveEveryDraft();
    expect(saved).toEqual(['typed as the update came']);
  });

  it('saves what is pending at once when the editor closes', async () => {
    const saved: string[] = [];
    const { result, unmount } = renderHook(() =>
      useAutosave<string>(async (value) => void saved.push(value)),
    );
    act(() => result.current.schedule('last words'));
    unmount();
    await vi.runAllTimersAsync();
    expect(saved).toEqual(['last words']);
  });

  it('saves at once when the page is hidden', async () => {
    const saved: string[] = [];
    const { result } = renderHook(() => useAutosave<string>(async (value) => void saved.push(value)));
    act(() => result.current.schedule('before the tab switch'));
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
      await Promise.resolve();
    });
    expect(saved).toEqual(['before the tab switch']);
  });

  it('keeps a value whose save failed and saves it with the next flush', async () => {
    const saved: string[] = [];
    let fail = true;
    const { result } = renderHook(() =>
      useAutosave<string>(async (value) => {
        if (fail) throw new Error('quota exceeded');
        saved.push(value);
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => result.current.schedule('precious'));
    await act(async () => {
      await result.current.flush();
    });
    expect(result.current.state).toBe('failed');
    fail = false;
    await act(async () => {
      await result.current.flush();
    });
    expect(saved).toEqual(['precious']);
    expect(result.current.state).toBe('saved');
  });
});
