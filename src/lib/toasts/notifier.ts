/**
 * Toast policy, independent of the toast library: per-category debounce (one toast per category per
 * window) and nothing at all while the user has turned notifications off. Product spec §9.
 */
type ToastKind = 'success' | 'info' | 'warning' | 'error' | 'loading';
export type ToastCategory = 'permission' | 'recording' | 'error' | 'default';

export const TOAST_DEBOUNCE_MS: Readonly<Record<ToastCategory, number>> = {
  permission: 3000,
  recording: 1000,
  error: 2000,
  default: 1000,
};

export const DEFAULT_TOAST_DURATION_MS = 4000;

interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastRequest {
  kind: ToastKind;
  title: string;
  description?: string;
  category?: ToastCategory;
  durationMs?: number;
  action?: ToastAction;
  /** The only way to a control the user needs (Undo): never debounced, shown even with notifications off. */
  essential?: boolean;
}

export type ShowToast = (
  request: Required<Pick<ToastRequest, 'kind' | 'title' | 'durationMs'>> & ToastRequest,
) => void;

export interface NotifierDeps {
  now: () => number;
  show: ShowToast;
  isEnabled: () => boolean;
}

export interface Notifier {
  /** Returns whether the toast was shown (false when debounced or notifications are off). */
  notify: (request: ToastRequest) => boolean;
}

export function createNotifier({ now, show, isEnabled }: NotifierDeps): Notifier {
  const lastShownAt = new Map<ToastCategory, number>();
  return {
    notify(request) {
      // An Undo toast is a control, not a notification: swallowing it would take the way back from the
      // user, so neither the debounce nor "notifications off" applies to it.
      if (request.essential) {
        show({ ...request, durationMs: request.durationMs ?? DEFAULT_TOAST_DURATION_MS });
        return true;
      }
      if (!isEnabled()) return false;
      const category = request.category ?? (request.kind === 'error' ? 'error' : 'default');
      const at = now();
      const last = lastShownAt.get(category);
      if (last !== undefined && at - last < TOAST_DEBOUNCE_MS[category]) return false;
      lastShownAt.set(category, at);
      show({ ...request, durationMs: request.durationMs ?? DEFAULT_TOAST_DURATION_MS });
      return true;
    },
  };
}
