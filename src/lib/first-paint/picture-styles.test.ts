import { afterEach, describe, expect, it } from 'vitest';

import { pictureStyles } from './picture-styles.ts';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

function addStyle(css: string, id?: string): void {
  const style = document.createElement('style');
  if (id) style.id = id;
  style.textContent = css;
  document.head.append(style);
}

describe('the styles a picture carries', () => {
  it('keeps the rules that style what is on screen, and their states, and leaves the rest', () => {
    document.body.innerHTML = '<main><a class="card">Lisbon trip</a></main>';
    addStyle(`
      .card { color: rgb(1, 2, 3); }
      .card:hover { color: rgb(4, 5, 6); }
      .toast { color: rgb(7, 8, 9); }
      body { margin: 0; }`);

    const css = pictureStyles(document, document.body.innerHTML);
    expect(css).toContain('rgb(1, 2, 3)');
    expect(css).toContain('rgb(4, 5, 6)');
    expect(css).toContain('margin');
    expect(css).not.toContain('.toast');
  });

  it('keeps a media rule with only its rules that apply', () => {
    document.body.innerHTML = '<main class="page"></main>';
    addStyle('@media (min-width: 40em) { .page { padding: 2rem; } .dialog { padding: 3rem; } }');

    const css = pictureStyles(document, document.body.innerHTML);
    expect(css).toMatch(/@media[^{]*min-width: 40em/);
    expect(css).toContain('.page');
    expect(css).not.toContain('.dialog');
  });

  it('keeps the fonts the picture names and leaves the others', () => {
    const html = `<span style="font-family: 'Abril Fatface', Georgia, serif">Lisbon trip</span>`;
    document.body.innerHTML = html;
    addStyle(`
      @font-face { font-family: 'Abril Fatface'; src: url(/assets/abril.woff2); }
      @font-face { font-family: 'Caveat'; src: url(/assets/caveat.woff2); }`);

    const css = pictureStyles(document, html);
    expect(css).toContain('abril.woff2');
    expect(css).not.toContain('caveat.woff2');
  });

  it('leaves out the styles of a picture already shown', () => {
    document.body.innerHTML = '<main class="old"></main>';
    addStyle('.old { color: red; }', 'first-paint-style');

    expect(pictureStyles(document, '')).not.toContain('.old');
  });
});
