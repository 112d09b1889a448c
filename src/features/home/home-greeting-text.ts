import type { TFunction } from 'i18next';

type PartOfDay = 'morning' | 'afternoon' | 'evening' | 'night';

/** Local hours: morning from 5, afternoon from 12, evening from 18, night from 23 until 5. */
function partOfDay(hour: number): PartOfDay {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  if (hour >= 18 && hour < 23) return 'evening';
  return 'night';
}

/**
 * "Good morning, Ana" by the device's local time. Without a name — or with one that is an email
 * address, which a greeting never shows — it greets without one.
 */
export function homeGreetingText(t: TFunction, at: Date, displayName: string): string {
  const part = partOfDay(at.getHours());
  const name = displayName.trim();
  if (name === '' || name.includes('@')) return t(`home.greeting.plain.${part}`);
  return t(`home.greeting.named.${part}`, { name });
}
