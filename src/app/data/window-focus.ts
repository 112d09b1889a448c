/** The user came back to Murmur: the window got focus or the tab became visible again (R27). */
export interface FocusSource {
  subscribe(listener: () => void): () => void;
}

export const windowFocus: FocusSource = {
  subscribe(listener) {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') listener();
    };
    window.addEventListener('focus', listener);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', listener);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  },
};
