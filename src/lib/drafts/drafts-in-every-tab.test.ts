import { afterEach, describe, expect, it } from 'vitest';

import { answerForDrafts, saveDraftsInEveryTab } from './drafts-in-every-tab.ts';

const ANA = '0000aaaa-0000-7000-8000-000000000001';
const stops: (() => void)[] = [];

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** Another tab of `userId` whose editors take `ms` to write their drafts; `written` lists what it wrote. */
function otherTab(userId: string, ms: number, written: string[], words: string, tab = words): void {
  stops.push(
    answerForDrafts(
      userId,
      async () => {
        await new Promise((resolve) => setTimeout(resolve, ms));
        written.push(words);
      },
      tab,
    ),
  );
}

describe('drafts in every tab', () => {
  it('are all written before signing out goes on', async () => {
    const written: string[] = [];
    otherTab(ANA, 30, written, 'the other window');
    otherTab(ANA, 5, written, 'a third tab');

    await saveDraftsInEveryTab(ANA, {
      saveHere: async () => void written.push('this tab'),
      maxWaitMs: 5_000,
      otherTabs: async () => 2,
      requestId: 'r1',
      tab: 'this tab',
    });

    expect(written.sort()).toEqual(['a third tab', 'the other window', 'this tab']);
  });

  it('are not waited for past the limit when a tab never answers (frozen in the background)', async () => {
    const written: string[] = [];
    otherTab(ANA, 10_000, written, 'never in time');
    const started = Date.now();

    await saveDraftsInEveryTab(ANA, {
      saveHere: async () => undefined,
      maxWaitMs: 50,
      otherTabs: async () => 1,
      requestId: 'r2',
      tab: 'this tab',
    });

    expect(written).toEqual([]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('ask nobody when this is the only tab, and only the same user’s tabs answer', async () => {
    const written: string[] = [];
    otherTab('0000bbbb-0000-7000-8000-000000000002', 0, written, 'Ben’s tab');

    await saveDraftsInEveryTab(ANA, {
      saveHere: async () => void written.push('this tab'),
      maxWaitMs: 5_000,
      otherTabs: async () => 0,
      requestId: 'r3',
      tab: 'this tab',
    });
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(written).toEqual(['this tab']);

    // Asked for Ana's drafts, Ben's tab writes nothing (and is not counted as an answer).
    await saveDraftsInEveryTab(ANA, {
      saveHere: async () => undefined,
      maxWaitMs: 50,
      otherTabs: async () => 1,
      requestId: 'r4',
      tab: 'this tab',
    });
    expect(written).toEqual(['this tab']);
  });

  it('are not taken as written when only the asking tab answers: its own channel stays silent', async () => {
    const written: string[] = [];
    // This page answers for its own editors too; the other window is still writing.
    otherTab(ANA, 0, written, 'this tab’s answering channel', 'this tab');
    otherTab(ANA, 40, written, 'the other window');

    await saveDraftsInEveryTab(ANA, {
      saveHere: async () => undefined,
      maxWaitMs: 5_000,
      otherTabs: async () => 1,
      requestId: 'r5',
      tab: 'this tab',
    });

    expect(written).toEqual(['the other window']);
  });
});
