import { removeLocal, writeLocal } from '../local-store.ts';
import { FIRST_PAINT_KEY, type FirstPaintPicture } from './first-paint.ts';

/**
 * Attributes that would make the picture act like the app (focus, navigation, duplicate ids, loading
 * or submitting anything), or be taken for it (test ids). Event handler attributes (`on…`) go too.
 */
const ACTIVE_ATTRIBUTES = [
  'id',
  'data-testid',
  'src',
  'srcset',
  'action',
  'for',
  'href',
  'tabindex',
  'aria-labelledby',
  'aria-describedby',
  'aria-controls',
];
/**
 * Live and transient parts that say something about that moment only: toasts, sync state, dialogs,
 * and what a screen marks `data-first-paint="skip"` (a search's results). What it marks
 * `data-first-paint="blank"` stays in the layout, unseen.
 */
const TRANSIENT =
  'aside, [aria-live], [role="alert"], [role="dialog"], [role="alertdialog"], a[href="#main"], [data-first-paint="skip"]';
/**
 * What could run when the picture is parsed again: React renders none of it, and the picture is
 * written to the page with innerHTML, so none of it may ever be in a picture.
 */
const RUNNABLE = 'script, iframe, object, embed, template';

/**
 * Marks, in `copy` (a fresh clone of `root`), the parts that are laid out only near the screen
 * (`content-visibility: auto`: the notes list's rows) and are on it now, to be laid out like the rest.
 * Left as they are, a browser lays the picture out without them, finds them on screen and lays it out
 * again in the same frame (at 4× CPU the checked picture painted about 25 ms sooner without that second
 * pass). Parts off screen keep theirs and cost nothing.
 */
function layOutOnScreenPartsAtOnce(root: Element, copy: Element): void {
  const view = root.ownerDocument.defaultView;
  if (!view) return;
  const copies = copy.querySelectorAll('*');
  root.querySelectorAll('*').forEach((element, index) => {
    if (view.getComputedStyle(element).getPropertyValue('content-visibility') !== 'auto') return;
    const { top, bottom } = element.getBoundingClientRect();
    const part = copies[index];
    if (bottom > 0 && top < view.innerHeight && part instanceof view.HTMLElement)
      part.style.setProperty('content-visibility', 'visible');
  });
}

/** A copy of `root`'s content that can be shown but not used. */
export function inertCopy(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  layOutOnScreenPartsAtOnce(root, copy);
  for (const transient of copy.querySelectorAll(`${TRANSIENT}, ${RUNNABLE}`)) transient.remove();
  for (const element of copy.querySelectorAll('*')) {
    for (const name of ACTIVE_ATTRIBUTES) element.removeAttribute(name);
    for (const { name } of Array.from(element.attributes))
      if (name.toLowerCase().startsWith('on')) element.removeAttribute(name);
    // What was typed into a field (a search) is not kept: React mirrors it in the value attribute.
    if (element.tagName === 'INPUT') element.removeAttribute('value');
    // The layer is inert; without inert support (older browsers) the controls are still off the Tab order.
    if (element.matches('button, input, select, textarea, summary')) element.setAttribute('tabindex', '-1');
    // The app starts with every disclosure closed, so the picture shows them closed too.
    if (element.tagName === 'DETAILS') element.removeAttribute('open');
    // A part the picture's check does not cover (a count of all notes) keeps its place but shows nothing.
    if (element.getAttribute('data-first-paint') === 'blank')
      element.setAttribute('style', 'visibility:hidden');
  }
  return copy.innerHTML;
}

export function saveFirstPaint(picture: FirstPaintPicture): void {
  writeLocal(FIRST_PAINT_KEY, JSON.stringify(picture));
}

/** The stored picture is no longer what the screen shows (or no longer anyone's to see). */
export function forgetFirstPaint(): void {
  removeLocal(FIRST_PAINT_KEY);
}
