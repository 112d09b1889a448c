import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { rescuedWrites } from './read-rescued-writes.ts';
import { saveEveryDraft } from './unsaved-drafts.ts';
import { useAutosave } from './use-autosave.ts';

describe('autosave', () => {
  it('writes the queued fields at once when every draft is saved (a newer version taking over)', async () => {
    const saved: Record<string, string>[] = [];
    const { result, unmount } = renderHook(() =>
      useAutosave<Record<string, string>>(async (patch) => void saved.push(patch), { delayMs: 60_000 }),
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

  describe('timing and failures', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('saves once, with the last value, a moment after typing stops', async () => {
      const saved: string[] = [];
      const { result } = renderHook(() =>
        useAutosave<{ text: string }>(async (patch) => void saved.push(patch.text), { delayMs: 400 }),
      );
      act(() => {
        result.current.schedule({ text: 'H' });
        result.current.schedule({ text: 'He' });
        result.current.schedule({ text: 'Hello' });
      });
      expect(result.current.status).toBe('pending');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(399);
      });
      expect(saved).toEqual([]);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      expect(saved).toEqual(['Hello']);
      expect(result.current.status).toBe('saved');
    });

    it('writes a pending draft at once when every draft is saved (a newer version taking over), and stops being asked after it closes', async () => {
      const saved: string[] = [];
      const { result, unmount } = renderHook(() =>
        useAutosave<{ text: string }>(async (patch) => void saved.push(patch.text)),
      );
      act(() => result.current.schedule({ text: 'typed as the update came' }));
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
        useAutosave<{ text: string }>(async (patch) => void saved.push(patch.text)),
      );
      act(() => result.current.schedule({ text: 'last words' }));
      unmount();
      await vi.runAllTimersAsync();
      expect(saved).toEqual(['last words']);
    });

    it('saves at once when the page is hidden', async () => {
      const saved: string[] = [];
      const { result } = renderHook(() =>
        useAutosave<{ text: string }>(async (patch) => void saved.push(patch.text)),
      );
      act(() => result.current.schedule({ text: 'before the tab switch' }));
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
        useAutosave<{ text: string }>(async (patch) => {
          if (fail) throw new Error('quota exceeded');
          saved.push(patch.text);
        }),
      );
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      act(() => result.current.schedule({ text: 'precious' }));
      await act(async () => {
        await result.current.flush();
      });
      expect(result.current.status).toBe('error');
      fail = false;
      await act(async () => {
        await result.current.flush();
      });
      expect(saved).toEqual(['precious']);
      expect(result.current.status).toBe('saved');
    });
  });

  describe('a page being unloaded', () => {
    const USER = '0000aaaa-0000-7000-8000-000000000001';
    const rescue = (patch: { title?: string; body?: string }) => ({
      userId: USER,
      write: { kind: 'note' as const, id: 'n1', patch },
    });
    afterEach(() => {
      localStorage.clear();
    });

    it('copies what is queued and what is still being written to localStorage, as one rescue', async () => {
      // An unloading page never hears back from IndexedDB: the writes below never settle.
      const { result } = renderHook(() =>
        useAutosave<{ title?: string; body?: string }>(() => new Promise(() => undefined), {
          delayMs: 60_000,
          rescue,
        }),
      );
      act(() => result.current.schedule({ title: 'Train', body: 'Half a' }));
      act(() => {
        void result.current.flush();
      });
      act(() => result.current.schedule({ body: 'Half a thought' }));

      act(() => {
        window.dispatchEvent(new Event('pagehide'));
      });

      expect(rescuedWrites(USER).map((kept) => kept.write)).toEqual([
        { kind: 'note', id: 'n1', patch: { title: 'Train', body: 'Half a thought' } },
      ]);
    });

    it('forgets the copy when the page lives on and its write commits after all', async () => {
      const saved: unknown[] = [];
      const { result } = renderHook(() =>
        useAutosave<{ body?: string }>(async (patch) => void saved.push(patch), { delayMs: 60_000, rescue }),
      );
      act(() => result.current.schedule({ body: 'kept in the back/forward cache' }));
      await act(async () => {
        window.dispatchEvent(new Event('pagehide'));
        await result.current.flush();
      });

      expect(saved).toEqual([{ body: 'kept in the back/forward cache' }]);
      expect(rescuedWrites(USER)).toEqual([]);
    });

    it('copies what an editor could not write as it closed (the database closed under it) for the next start', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const { result, unmount } = renderHook(() =>
        useAutosave<{ body?: string }>(
          async () => {
            throw new DOMException('The database connection is closing.', 'InvalidStateError');
          },
          { delayMs: 60_000, rescue },
        ),
      );
      act(() => result.current.schedule({ body: 'typed as the session ended' }));
      unmount();
      await vi.waitFor(() =>
        expect(rescuedWrites(USER).map((kept) => kept.write)).toEqual([
          { kind: 'note', id: 'n1', patch: { body: 'typed as the session ended' } },
        ]),
      );
    });

    it('copies nothing when everything is written, or when the page is only hidden', async () => {
      const { result } = renderHook(() =>
        useAutosave<{ body?: string }>(() => new Promise(() => undefined), { delayMs: 60_000, rescue }),
      );
      act(() => {
        window.dispatchEvent(new Event('pagehide'));
      });
      act(() => result.current.schedule({ body: 'typed, then the tab switched' }));
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });

      expect(rescuedWrites(USER)).toEqual([]);
    });
  });
});
