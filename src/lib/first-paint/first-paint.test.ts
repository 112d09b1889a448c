import { afterEach, describe, expect, it } from 'vitest';

import { FIRST_PAINT_KEY, endFirstPaint, endFirstPaintElsewhere } from './first-paint.ts';
import { forgetFirstPaint, inertCopy, saveFirstPaint } from './take-first-paint.ts';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  localStorage.clear();
});

function appMarkup(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `
    <a href="#main">Skip to content</a>
    <main id="main" tabindex="-1">
      <h1 id="page-title">Notes</h1>
      <label for="notes-search">Search notes</label>
      <input id="notes-search" type="search" aria-describedby="hint">
      <button type="button">New note</button>
      <ul aria-label="Notes"><li><a href="/notes/1" class="card"><span>Lisbon trip</span></a></li></ul>
    </main>
    <aside data-state="syncing">Syncing 20%</aside>
    <section aria-live="polite">Saved</section>
    <div role="dialog">Update ready</div>`;
  return root;
}

describe('the start-up picture of a screen', () => {
  it('keeps what the screen shows and nothing that acts: no ids, links, label targets or tab stops', () => {
    const holder = document.createElement('div');
    holder.innerHTML = inertCopy(appMarkup());

    expect(holder.textContent).toContain('Lisbon trip');
    expect(holder.textContent).toContain('New note');
    expect(holder.querySelector('[id], [for], [href], [aria-describedby]')).toBeNull();
    for (const control of holder.querySelectorAll('button, input'))
      expect(control.getAttribute('tabindex')).toBe('-1');
  });

  it('leaves out the moment: the skip link, sync state, announcements, dialogs and search results', () => {
    const root = appMarkup();
    root.insertAdjacentHTML(
      'beforeend',
      '<ul data-first-paint="skip"><li>Result: the surprise party</li></ul>',
    );
    const holder = document.createElement('div');
    holder.innerHTML = inertCopy(root);
    expect(holder.textContent).not.toContain('surprise party');

    expect(holder.textContent).not.toContain('Skip to content');
    expect(holder.textContent).not.toContain('Syncing');
    expect(holder.textContent).not.toContain('Saved');
    expect(holder.textContent).not.toContain('Update ready');
  });

  it('carries nothing that could run when it is shown again: scripts, frames, handlers, sources', () => {
    const root = appMarkup();
    root.insertAdjacentHTML(
      'beforeend',
      '<script>window.ran = true</script><iframe src="/x"></iframe><img src="/y" onerror="alert(1)"><div onclick="alert(2)">Tap</div>',
    );
    const html = inertCopy(root);

    expect(html).not.toMatch(/<script|<iframe|onerror|onclick|src=/i);
    expect(html).toContain('Tap');
  });

  it('keeps no test ids and nothing typed into a field', () => {
    const root = document.createElement('div');
    root.innerHTML = '<p data-testid="streak">3 days</p><input type="search" value="party">';
    const html = inertCopy(root);
    expect(html).toContain('3 days');
    expect(html).not.toMatch(/data-testid|party/);
  });

  it('shows every disclosure closed, as the app starts, and keeps a blank part unseen in its place', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<details open><summary>Note lock</summary><p>Set a PIN</p></details><p data-first-paint="blank">10 notes</p>';
    const holder = document.createElement('div');
    holder.innerHTML = inertCopy(root);
    expect(holder.querySelector('details')?.hasAttribute('open')).toBe(false);
    expect(holder.querySelector<HTMLElement>('[data-first-paint="blank"]')?.style.visibility).toBe('hidden');
  });

  it('lays out the rows on screen in its first pass, and leaves those below the screen to the browser', () => {
    const root = document.createElement('div');
    root.innerHTML = `<ul aria-label="Notes">
        <li style="content-visibility: auto">Lisbon trip</li>
        <li style="content-visibility: auto">Garden plans</li>
        <li>Trash</li>
      </ul>`;
    document.body.append(root);
    const [onScreen, below] = Array.from(root.querySelectorAll('li'));
    // The test document lays nothing out: each row says where it is, as a browser's layout would.
    const placed = (element: Element | undefined, top: number) =>
      element && Object.assign(element, { getBoundingClientRect: () => new DOMRect(0, top, 320, 96) });
    placed(onScreen, window.innerHeight - 50);
    placed(below, window.innerHeight + 46);

    const holder = document.createElement('div');
    holder.innerHTML = inertCopy(root);
    const [copiedOnScreen, copiedBelow, plain] = Array.from(holder.querySelectorAll('li'));
    expect(copiedOnScreen?.style.getPropertyValue('content-visibility')).toBe('visible');
    expect(copiedBelow?.style.getPropertyValue('content-visibility')).toBe('auto');
    expect(plain?.getAttribute('style')).toBeNull();
    expect(onScreen?.style.getPropertyValue('content-visibility')).toBe('auto');
  });

  it('does not change the screen it copies', () => {
    const root = appMarkup();
    const before = root.innerHTML;
    inertCopy(root);
    expect(root.innerHTML).toBe(before);
  });

  it('is stored, and forgotten, under its own key', () => {
    saveFirstPaint({
      v: 3,
      build: 'b',
      user: 'u',
      sessionKey: 's',
      paths: ['/notes'],
      html: '<p>x</p>',
      css: '',
    });
    expect(JSON.parse(localStorage.getItem(FIRST_PAINT_KEY) ?? '{}')).toMatchObject({
      user: 'u',
      paths: ['/notes'],
    });
    forgetFirstPaint();
    expect(localStorage.getItem(FIRST_PAINT_KEY)).toBeNull();
  });
});

describe('ending the picture', () => {
  function showPicture(paths: string): void {
    const style = document.createElement('style');
    style.id = 'first-paint-style';
    const layer = document.createElement('div');
    layer.id = 'first-paint';
    layer.dataset['paths'] = paths;
    document.head.append(style);
    document.body.append(layer);
  }

  it('takes the layer and its styles away, and is harmless when there is none', () => {
    showPicture('/notes');
    endFirstPaint();
    expect(document.getElementById('first-paint')).toBeNull();
    expect(document.getElementById('first-paint-style')).toBeNull();
    expect(() => endFirstPaint()).not.toThrow();
  });

  it('ends at another address (a redirect) and stays at its own, or one that leads to it', () => {
    showPicture('/app /');
    endFirstPaintElsewhere('/');
    endFirstPaintElsewhere('/app');
    expect(document.getElementById('first-paint')).not.toBeNull();
    endFirstPaintElsewhere('/auth');
    expect(document.getElementById('first-paint')).toBeNull();
  });
});
