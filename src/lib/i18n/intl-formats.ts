/**
 * Intl formatters, built once per locale and options. Building an Intl.DateTimeFormat or NumberFormat
 * costs tens of microseconds (far more at 4× CPU), using one about a microsecond: screens that name
 * hundreds of days or numbers (Year in Pixels, lists, tables) ask for the same few formats again and
 * again. Options are compared by their JSON, so callers may pass fresh objects.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const listFormats = new Map<string, Intl.ListFormat>();

function cached<F>(formats: Map<string, F>, locale: string, options: object, make: () => F): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  return cached(dateFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

export function listFormat(locale: string, options: Intl.ListFormatOptions = {}): Intl.ListFormat {
  return cached(listFormats, locale, options, () => new Intl.ListFormat(locale, options));
}

/** A size for people: kB below a megabyte, MB below a gigabyte, then GB, with one decimal at most. */
export function formatBytes(locale: string, bytes: number): string {
  const [unit, scale] =
    bytes >= 1e9
      ? (['gigabyte', 1e9] as const)
      : bytes >= 1e6
        ? (['megabyte', 1e6] as const)
        : (['kilobyte', 1e3] as const);
  return numberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(bytes / scale);
}
