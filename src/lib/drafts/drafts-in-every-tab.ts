/**
 * Every open tab of a user writes its editors' drafts when another tab asks: signing out counts the
 * changes waiting to sync before it removes the user's data from the device, and words typed in a
 * window beside it, still in the autosave's pause, must be among them (ADR 0108).
 *
 * Each tab holds a shared Web Lock named for the user while it answers, so the asking tab knows how
 * many answers to wait for; a tab that never answers (frozen in the background) is waited for at most
 * `maxWaitMs`.
 */
const channelName = (userId: string) => `murmur-drafts:${userId}`;
const tabLockName = (userId: string) => `murmur-open-tab:${userId}`;

/**
 * This page's id. A BroadcastChannel message reaches every other channel of that name, this page's
 * own answering channel included: a tab must not count its own answer as another tab's.
 */
const THIS_TAB = crypto.randomUUID();

interface Message {
  type: 'save' | 'saved';
  request: string;
  /** The asking tab on 'save', the answering one on 'saved'. */
  tab: string;
}

function isMessage(data: unknown): data is Message {
  if (typeof data !== 'object' || data === null) return false;
  const { type, request, tab } = data as Record<string, unknown>;
  return (type === 'save' || type === 'saved') && typeof request === 'string' && typeof tab === 'string';
}

/** The other tabs of `userId` that answer, or null where the browser cannot tell (no Web Locks). */
async function countOtherTabs(userId: string): Promise<number | null> {
  if (typeof navigator === 'undefined' || !navigator.locks?.query) return null;
  const { held = [] } = await navigator.locks.query();
  // This tab answers too, so it holds one of them.
  return Math.max(0, held.filter((lock) => lock.name === tabLockName(userId)).length - 1);
}

/**
 * Answers other tabs' requests with `saveDrafts` (this tab's editors' drafts, unsaved-drafts.ts).
 * Returns the function that stops answering.
 */
export function answerForDrafts(
  userId: string,
  saveDrafts: () => Promise<void>,
  tab: string = THIS_TAB,
): () => void {
  const channel = new BroadcastChannel(channelName(userId));
  channel.onmessage = (event: MessageEvent) => {
    const message: unknown = event.data;
    if (!isMessage(message) || message.type !== 'save' || message.tab === tab) return;
    void saveDrafts()
      .catch((error: unknown) =>
        console.error('Murmur could not save the drafts another tab asked for', error),
      )
      .then(() => channel.postMessage({ type: 'saved', request: message.request, tab } satisfies Message));
  };
  let release: () => void = () => undefined;
  if (typeof navigator !== 'undefined' && navigator.locks?.request) {
    void navigator.locks.request(
      tabLockName(userId),
      { mode: 'shared' },
      () => new Promise<void>((resolve) => (release = resolve)),
    );
  }
  return () => {
    channel.close();
    release();
  };
}

export interface SaveDraftsInEveryTabOptions {
  /** This tab's own drafts. */
  saveHere: () => Promise<void>;
  /** The longest to wait for the other tabs. */
  maxWaitMs: number;
  /** How many other tabs answer; null when unknown, which waits the whole `maxWaitMs`. */
  otherTabs?: (userId: string) => Promise<number | null>;
  /** A unique id for this request. */
  requestId: string;
  /** The asking page's id: its own answering channel stays silent. */
  tab?: string;
}

/** Has this tab and every other open tab of `userId` write their drafts; resolves once they did. */
export async function saveDraftsInEveryTab(
  userId: string,
  { saveHere, maxWaitMs, otherTabs = countOtherTabs, requestId, tab = THIS_TAB }: SaveDraftsInEveryTabOptions,
): Promise<void> {
  await saveHere();
  const expected = await otherTabs(userId).catch(() => null);
  if (expected === 0) return;
  const channel = new BroadcastChannel(channelName(userId));
  try {
    await new Promise<void>((resolve) => {
      let answered = 0;
      const timer = setTimeout(resolve, maxWaitMs);
      channel.onmessage = (event: MessageEvent) => {
        const message: unknown = event.data;
        if (!isMessage(message) || message.type !== 'saved' || message.request !== requestId) return;
        answered += 1;
        if (expected !== null && answered >= expected) {
          clearTimeout(timer);
          resolve();
        }
      };
      channel.postMessage({ type: 'save', request: requestId, tab } satisfies Message);
    });
  } finally {
    channel.close();
  }
}
