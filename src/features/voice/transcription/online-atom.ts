import { atom } from 'jotai';

/**
 * Whether the browser says it is online, one listener for every component that shows it: the
 * listener is there while something reads the atom, and reads the answer afresh when it comes.
 */
export const onlineAtom = atom(navigator.onLine);

onlineAtom.onMount = (setOnline) => {
  const update = () => setOnline(navigator.onLine);
  update();
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
};
