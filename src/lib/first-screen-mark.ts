/**
 * The performance mark set once per page load when the first screen is on screen (by the first Page).
 * Benchmarks (docs/performance.md), the on-device performance log and start-up work that waits for the
 * first screen read it.
 */
export const FIRST_SCREEN_MARK = 'murmur:first-screen';
