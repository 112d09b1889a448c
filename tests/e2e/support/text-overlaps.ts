import type { Page } from '@playwright/test';

/**
 * Every place on screen where a visible run of text is covered by another run of text or by a control
 * (an input, a select, a button, an image) that does not hold it: what a reader would see as an
 * overlap. Each is named by both sides' text or tag. Runs off screen (a list's rows below the window,
 * a pane's text scrolled out of it) are left out: nothing there can be read.
 */
export function textOverlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    /** Overlaps of a pixel or two are where lines or borders touch. */
    const SLACK = 2;
    interface Box {
      name: string;
      element: Element;
      node: Node;
      rect: DOMRect;
    }
    const onScreen = (rect: DOMRect) =>
      rect.width > 1 &&
      rect.height > 1 &&
      rect.bottom > 0 &&
      rect.right > 0 &&
      rect.top < window.innerHeight &&
      rect.left < window.innerWidth;
    /** The part of a box that `clipper` and its ancestors (where they scroll or clip) let through. */
    const visiblePart = (clipper: Element | null, rect: DOMRect): DOMRect | null => {
      let { left, top, right, bottom } = rect;
      for (let parent = clipper; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible' && style.clipPath === 'none')
          continue;
        const clip = parent.getBoundingClientRect();
        left = Math.max(left, clip.left);
        top = Math.max(top, clip.top);
        right = Math.min(right, clip.right);
        bottom = Math.min(bottom, clip.bottom);
      }
      const part = new DOMRect(left, top, right - left, bottom - top);
      return onScreen(part) ? part : null;
    };
    const shown = (element: Element) =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true });

    const texts: Box[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const element = node.parentElement;
      if (text === '' || !element || !shown(element) || element.closest('option, script, style')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        const part = visiblePart(element, rect);
        if (part) texts.push({ name: `"${text.slice(0, 40)}"`, element, node, rect: part });
      }
    }
    const controls: Box[] = [];
    for (const element of document.body.querySelectorAll('input, select, textarea, button, img, svg')) {
      if (!shown(element)) continue;
      const part = visiblePart(element.parentElement, element.getBoundingClientRect());
      if (part) controls.push({ name: `<${element.localName}>`, element, node: element, rect: part });
    }

    const cover = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > SLACK &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > SLACK;
    const found: string[] = [];
    texts.forEach((text, index) => {
      for (const other of texts.slice(index + 1)) {
        if (other.node !== text.node && cover(text.rect, other.rect))
          found.push(`${text.name} and ${other.name}`);
      }
      for (const control of controls) {
        if (!control.element.contains(text.element) && cover(text.rect, control.rect)) {
          found.push(`${text.name} and ${control.name}`);
        }
      }
    });
    return found;
  });
}
