/**
 * A time zone (Etc/GMT-N is UTC+N) where it is early afternoon as a test process starts, so no page's
 * "today" passes midnight while the suite runs: a check-in made just before midnight rightly leaves
 * the today shown just after it, which is not what a test of today's list means to check.
 */
export const AFTERNOON_TIME_ZONE = ((): string => {
  const hoursAhead = 13 - new Date().getUTCHours();
  return hoursAhead === 0 ? 'UTC' : `Etc/GMT${hoursAhead > 0 ? '-' : '+'}${String(Math.abs(hoursAhead))}`;
})();
