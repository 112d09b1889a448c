import { createStore } from 'jotai';

/**
 * The app's one Jotai store, handed to the Provider in `App`. Code outside React in src/app (the
 * service worker's callbacks, the browser's install events) writes the same atoms through it that the
 * components read, so an outside event and a click change one piece of state in one place.
 */
export const appStore = createStore();
