import { FIRST_PAINT_STYLE_ID } from './first-paint.ts';

/** Pseudo-classes and pseudo-elements, with their arguments: a state the picture is never in. */
const PSEUDO = /::?[\w-]+(\([^()]*\))?/g;

/**
 * Whether a selector may apply to something in the document as it is. Pseudo-classes and elements are
 * dropped before asking, so `.card:hover` and `.card::before` go with `.card`: the test only decides
 * which rules travel, and a rule kept that applies to nothing costs a few bytes.
 */
function mayApply(document: Document, selectorText: string): boolean {
  const plain = selectorText.replace(PSEUDO, '').trim();
  try {
    return document.querySelector(plain === '' ? '*' : plain) !== null;
  } catch {
    return true;
  }
}

const quoted = (family: string) => family.replace(/^['"]|['"]$/g, '').trim();

/**
 * The rules that style what the document shows now, from every stylesheet, so the picture paints
 * styled before the screen's own stylesheets load (docs/adr/0107). Only what applies travels (the
 * toaster's, other screens' and unused fonts' rules stay behind), which keeps the picture a few
 * kilobytes that the next start parses before its first paint. `html` is the picture's markup, whose
 * inline styles name the notes' fonts.
 */
export function pictureStyles(document: Document, html: string): string {
  const shownPicture = (document.getElementById(FIRST_PAINT_STYLE_ID) as HTMLStyleElement | null)?.sheet;
  const fontFaces: { family: string; text: string }[] = [];
  const keyframes: { name: string; text: string }[] = [];

  const keep = (rules: CSSRuleList): string[] => {
    const kept: string[] = [];
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSStyleRule) {
        if (mayApply(document, rule.selectorText)) kept.push(rule.cssText);
      } else if (rule instanceof CSSMediaRule || rule instanceof CSSSupportsRule) {
        const inner = keep(rule.cssRules);
        if (inner.length > 0) {
          const condition =
            rule instanceof CSSMediaRule
              ? `@media ${rule.media.mediaText}`
              : `@supports ${rule.conditionText}`;
          kept.push(`${condition} {\n${inner.join('\n')}\n}`);
        }
      } else if (rule instanceof CSSFontFaceRule) {
        fontFaces.push({ family: quoted(rule.style.getPropertyValue('font-family')), text: rule.cssText });
      } else if (rule instanceof CSSKeyframesRule) {
        keyframes.push({ name: rule.name, text: rule.cssText });
      } else {
        kept.push(rule.cssText);
      }
    }
    return kept;
  };

  const kept: string[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    if (shownPicture && sheet === shownPicture) continue;
    try {
      kept.push(...keep(sheet.cssRules));
    } catch (error) {
      // A cross-origin sheet cannot be read; the picture then paints without it, which is only looks.
      console.warn('Murmur could not read a stylesheet for the start-up picture', error);
    }
  }
  // Fonts and animations go with the rules and markup that name them.
  const used = `${kept.join('\n')}\n${html}`;
  const named = (name: string) => name !== '' && used.includes(name);
  return [
    ...kept,
    ...keyframes.filter(({ name }) => named(name)).map(({ text }) => text),
    ...fontFaces.filter(({ family }) => named(family)).map(({ text }) => text),
  ].join('\n');
}
