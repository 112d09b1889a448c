import type { Day } from '../../lib/dates/day.ts';
import type { ActivityLink, InsightsResult } from './insights-types.ts';
import type { PlacedMood } from './mood-stats.ts';

/**
 * Below these counts a link between an activity and good or bad days is noise (users of Daylio warn
 * about exactly this): an activity needs at least 5 days of its own before it is ranked, and the
 * period at least 14 days with a mood before any ranking is shown as meaningful. docs/adr/0061.
 */
export const MIN_ACTIVITY_DAYS = 5;
export const MIN_MOOD_DAYS = 14;
/** A day is good when its mean mood is at least this, bad when at most BAD_DAY. */
const GOOD_DAY = 4;
const BAD_DAY = 2;

/**
 * Activities that go with good and with bad days. The unit is the day, not the check-in: an activity
 * named three times on one day counts once, and the day is judged by its mean mood. An activity goes
 * with good days when a larger share of its days were good than of all mood days in the period.
 */
export function activityLinks(moods: readonly PlacedMood[]): InsightsResult['activities'] {
  const dayLevels = new Map<Day, { sum: number; count: number; activities: Set<string> }>();
  for (const { day, level, activities } of moods) {
    let entry = dayLevels.get(day);
    if (!entry) {
      entry = { sum: 0, count: 0, activities: new Set() };
      dayLevels.set(day, entry);
    }
    entry.sum += level;
    entry.count += 1;
    for (const activity of activities) entry.activities.add(activity.toLowerCase());
  }
  const links = new Map<string, ActivityLink>();
  let goodDays = 0;
  let badDays = 0;
  for (const { sum, count, activities } of dayLevels.values()) {
    const mean = sum / count;
    const good = mean >= GOOD_DAY;
    const bad = mean <= BAD_DAY;
    if (good) goodDays += 1;
    if (bad) badDays += 1;
    for (const activity of activities) {
      const link = links.get(activity) ?? { activity, days: 0, goodDays: 0, badDays: 0, tooLittle: true };
      link.days += 1;
      if (good) link.goodDays += 1;
      if (bad) link.badDays += 1;
      links.set(activity, link);
    }
  }
  const moodDays = dayLevels.size;
  const all = [...links.values()]
    .map((link) => ({ ...link, tooLittle: link.days < MIN_ACTIVITY_DAYS }))
    .sort((a, b) => b.days - a.days || a.activity.localeCompare(b.activity));
  const ranked = all.filter((link) => !link.tooLittle);
  const goodBase = moodDays === 0 ? 0 : goodDays / moodDays;
  const badBase = moodDays === 0 ? 0 : badDays / moodDays;
  const good = ranked
    .filter((link) => link.goodDays / link.days > goodBase)
    .sort((a, b) => b.goodDays / b.days - a.goodDays / a.days || b.days - a.days);
  const bad = ranked
    .filter((link) => link.badDays / link.days > badBase)
    .sort((a, b) => b.badDays / b.days - a.badDays / a.days || b.days - a.days);
  return { good, bad, all, moodDays, tooLittle: moodDays < MIN_MOOD_DAYS };
}
