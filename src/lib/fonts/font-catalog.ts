/**
 * The fonts Murmur ships, self-hosted from npm font packages so they work offline. Each loads its
 * regular and bold faces lazily: a font costs nothing until an entry or picker uses it.
 */
type FontCategory = 'sans' | 'serif' | 'handwriting' | 'display' | 'mono';

export interface FontDefinition {
  name: string;
  category: FontCategory;
  load: () => Promise<unknown>;
}

export const FONT_CATALOG: readonly FontDefinition[] = [
  {
    name: 'Abril Fatface',
    category: 'display',
    load: () => import('@fontsource/abril-fatface/400.css'),
  },
  {
    name: 'Montserrat',
    category: 'sans',
    load: () =>
      Promise.all([import('@fontsource/montserrat/400.css'), import('@fontsource/montserrat/700.css')]),
  },
  {
    name: 'Architects Daughter',
    category: 'handwriting',
    load: () => import('@fontsource/architects-daughter/400.css'),
  },
  {
    name: 'Inter',
    category: 'sans',
    load: () => Promise.all([import('@fontsource/inter/400.css'), import('@fontsource/inter/700.css')]),
  },
  {
    name: 'Playfair Display',
    category: 'serif',
    load: () =>
      Promise.all([
        import('@fontsource/playfair-display/400.css'),
        import('@fontsource/playfair-display/700.css'),
      ]),
  },
  {
    name: 'Lora',
    category: 'serif',
    load: () => Promise.all([import('@fontsource/lora/400.css'), import('@fontsource/lora/700.css')]),
  },
  {
    name: 'Merriweather',
    category: 'serif',
    load: () =>
      Promise.all([import('@fontsource/merriweather/400.css'), import('@fontsource/merriweather/700.css')]),
  },
  {
    name: 'Nunito',
    category: 'sans',
    load: () => Promise.all([import('@fontsource/nunito/400.css'), import('@fontsource/nunito/700.css')]),
  },
  {
    name: 'Caveat',
    category: 'handwriting',
    load: () => Promise.all([import('@fontsource/caveat/400.css'), import('@fontsource/caveat/700.css')]),
  },
  {
    name: 'JetBrains Mono',
    category: 'mono',
    load: () => import('@fontsource/jetbrains-mono/400.css'),
  },
];

export function findFont(name: string): FontDefinition | undefined {
  return FONT_CATALOG.find((font) => font.name.toLowerCase() === name.trim().toLowerCase());
}
