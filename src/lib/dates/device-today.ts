import { dayOf, type Day } from './day.ts';
import { deviceTimeZone } from './time-zone.ts';

/** The day it is now on this device, in its time zone. */
export function deviceToday(): Day {
  return dayOf(Date.now(), deviceTimeZone());
}
