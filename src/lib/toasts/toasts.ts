import { readLocal, storageKey } from '../local-store.ts';
import { createNotifier, type ShowToast, type ToastRequest } from './notifier.ts';
import { toasterReady } from './toaster-ready.ts';

/**
 * Whether notifications are on. The settings feature writes this mirror of notifications_enabled so the
 * toast policy can be read synchronously anywhere; on by default (product spec §3).
 */
export const NOTIFICATIONS_ENABLED_KEY = storageKey('notifications-enabled');

/**
 * A toast is drawn at the next frame rather than in the task that asked for it: sonner renders it in a
 * task of its own and measures it, about 10 ms of layout on a slow machine, which otherwise ran ahead
 * of the work the action started (a save's push, reading the outbox). It still shows on the next paint.
 */
function atNextFrame(draw: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(draw);
  else draw();
}

const showWithSonner: ShowToast = ({ kind, title, description, durationMs, action }) => {
  const options = { description, duration: durationMs, action };
  void toasterReady.then((toast) =>
    atNextFrame(() => {
      toast[kind](title, options);
    }),
  );
};

const notifier = createNotifier({
  now: () => Date.now(),
  show: showWithSonner,
  isEnabled: () => readLocal(NOTIFICATIONS_ENABLED_KEY) !== 'false',
});

export function notify(request: ToastRequest): boolean {
  return notifier.notify(request);
}
