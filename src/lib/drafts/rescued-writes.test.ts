import { afterEach, describe, expect, it, vi } from 'vitest';

import { rescuedWrites } from './read-rescued-writes.ts';
import { forgetRescue, forgetRescuesOf, rescueWrite, rescuePrefix } from './rescued-writes.ts';

const ANA = '0000aaaa-0000-7000-8000-000000000001';
const BEN = '0000bbbb-0000-7000-8000-000000000002';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('words rescued from a closing page', () => {
  it('are kept per user and read back oldest first', () => {
    rescueWrite(ANA, { kind: 'note', id: 'n1', patch: { body: 'second' } }, 2_000);
    rescueWrite(ANA, { kind: 'note', id: 'n1', patch: { body: 'first' } }, 1_000);
    rescueWrite(BEN, { kind: 'form-draft', key: 'mood:new:2026-11-27', value: { note: 'not Ana’s' } }, 500);

    expect(rescuedWrites(ANA).map((rescue) => [rescue.at, rescue.write])).toEqual([
      [1_000, { kind: 'note', id: 'n1', patch: { body: 'first' } }],
      [2_000, { kind: 'note', id: 'n1', patch: { body: 'second' } }],
    ]);
    expect(rescuedWrites(BEN)).toHaveLength(1);
  });

  it('each take a key of their own, so pages closing at the same moment keep both', () => {
    const first = rescueWrite(ANA, { kind: 'note', id: 'n1', patch: { body: 'tab one' } }, 1_000);
    const second = rescueWrite(ANA, { kind: 'note', id: 'n2', patch: { body: 'tab two' } }, 1_000);

    expect(first).not.toBe(second);
    expect(rescuedWrites(ANA).map((rescue) => rescue.write)).toHaveLength(2);
  });

  it('are forgotten by key', () => {
    const key = rescueWrite(ANA, { kind: 'diary-entry', id: 'd1', patch: { title: 'Rain' } }, 1_000);
    forgetRescue(key ?? '');
    expect(rescuedWrites(ANA)).toEqual([]);
  });

  it('all go when their user removes their data from the device, and only theirs', () => {
    rescueWrite(ANA, { kind: 'note', id: 'n1', patch: { body: 'one' } }, 1_000);
    rescueWrite(ANA, { kind: 'note', id: 'n2', patch: { body: 'two' } }, 2_000);
    rescueWrite(BEN, { kind: 'note', id: 'n3', patch: { body: 'Ben’s' } }, 3_000);

    forgetRescuesOf(ANA);

    expect(rescuedWrites(ANA)).toEqual([]);
    expect(rescuedWrites(BEN)).toHaveLength(1);
  });

  it('that cannot be read are reported and removed, and the readable ones still come back', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem(`${rescuePrefix(ANA)}broken`, '{not json');
    localStorage.setItem(`${rescuePrefix(ANA)}alien`, JSON.stringify({ at: 1, write: { kind: 'video' } }));
    rescueWrite(ANA, { kind: 'note', id: 'n1', patch: { body: 'kept' } }, 3_000);

    expect(rescuedWrites(ANA).map((rescue) => rescue.write)).toEqual([
      { kind: 'note', id: 'n1', patch: { body: 'kept' } },
    ]);
    expect(error).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem(`${rescuePrefix(ANA)}broken`)).toBeNull();
  });

  it('that storage refuses are reported, not thrown into the closing page', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const full = {
      ...localStorage,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as Storage;

    expect(rescueWrite(ANA, { kind: 'note', id: 'n1', patch: { body: 'x' } }, 1_000, full)).toBeNull();
    expect(error).toHaveBeenCalledWith(
      'Murmur could not keep a copy of unsaved words while the page closed',
      expect.any(DOMException),
    );
  });
});
