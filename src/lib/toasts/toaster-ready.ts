import type { toast } from 'sonner';

/**
 * sonner is loaded after the first screen (it is not needed to paint it). A toast asked for before the
 * toaster has mounted waits here rather than being lost: sonner only shows toasts published after its
 * Toaster subscribed.
 */
let markReady: (show: typeof toast) => void = () => undefined;

export const toasterReady: Promise<typeof toast> = new Promise((resolve) => {
  markReady = resolve;
});

export function announceToasterReady(show: typeof toast): void {
  markReady(show);
}
