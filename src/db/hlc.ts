/**
 * Hybrid logical clock (docs/sync.md R10–R12).
 *
 * An HLC is a fixed-width string `PPPPPPPPPPPPPPP-CCCCCC-NNNN…` — 15 decimal digits of physical
 * milliseconds, 6 decimal digits of counter, 32 hex digits of node (the client id without dashes) —
 * so comparing two HLCs as strings compares them as clocks. The empty string is the zero HLC: it is
 * older than every stamped write (it marks server defaults nobody has written yet).
 *
 * Pure: the caller passes the wall-clock time.
 */
export const ZERO_HLC = '';
const MS_WIDTH = 15;
const COUNTER_WIDTH = 6;
const MAX_COUNTER = 999_999;
const NODE_PATTERN = /^[0-9a-f]{32}$/;
const HLC_PATTERN = /^\d{15}-\d{6}-[0-9a-f]{32}$/;

/** Future skew the server accepts before clamping (R12). */
export const MAX_FUTURE_SKEW_MS = 5 * 60 * 1000;

export interface HlcParts {
  ms: number;
  counter: number;
  node: string;
}

export function nodeFromClientId(clientId: string): string {
  const node = clientId.replace(/-/g, '').toLowerCase();
  if (!NODE_PATTERN.test(node)) throw new Error(`a client id must be 32 hex digits: ${clientId}`);
  return node;
}

export function isHlc(value: string): boolean {
  return HLC_PATTERN.test(value);
}

export function formatHlc(parts: HlcParts): string {
  if (!Number.isSafeInteger(parts.ms) || parts.ms < 0) throw new Error(`bad HLC time ${parts.ms}`);
  if (!NODE_PATTERN.test(parts.node)) throw new Error(`bad HLC node ${parts.node}`);
  return `${String(parts.ms).padStart(MS_WIDTH, '0')}-${String(parts.counter).padStart(COUNTER_WIDTH, '0')}-${parts.node}`;
}

export function parseHlc(hlc: string): HlcParts {
  if (!HLC_PATTERN.test(hlc)) throw new Error(`not an HLC: ${hlc}`);
  return {
    ms: Number(hlc.slice(0, MS_WIDTH)),
    counter: Number(hlc.slice(MS_WIDTH + 1, MS_WIDTH + 1 + COUNTER_WIDTH)),
    node: hlc.slice(MS_WIDTH + COUNTER_WIDTH + 2),
  };
}

export function maxHlc(...hlcs: string[]): string {
  let max = ZERO_HLC;
  for (const hlc of hlcs) if (hlc > max) max = hlc;
  return max;
}

/**
 * The next HLC for a local write: strictly greater than `after` (the last HLC this node issued or
 * observed) and, when the wall clock is ahead, equal to the wall clock with counter 0.
 */
export function nextHlc(after: string, node: string, nowMs: number): string {
  const wall = Math.max(0, Math.floor(nowMs));
  if (after === ZERO_HLC) return formatHlc({ ms: wall, counter: 0, node });
  const last = parseHlc(after);
  if (wall > last.ms) return formatHlc({ ms: wall, counter: 0, node });
  if (last.counter >= MAX_COUNTER) return formatHlc({ ms: last.ms + 1, counter: 0, node });
  return formatHlc({ ms: last.ms, counter: last.counter + 1, node });
}

/**
 * Server-side clamp (R12): an HLC more than MAX_FUTURE_SKEW_MS ahead of server time is treated as
 * written at server time, so one device with a fast clock cannot win every future conflict.
 */
export function clampHlc(hlc: string, serverNowMs: number, maxSkewMs = MAX_FUTURE_SKEW_MS): string {
  if (hlc === ZERO_HLC) return hlc;
  const parts = parseHlc(hlc);
  if (parts.ms <= serverNowMs + maxSkewMs) return hlc;
  return formatHlc({ ...parts, ms: Math.floor(serverNowMs) });
}

export function hlcNode(hlc: string): string | null {
  return hlc === ZERO_HLC ? null : parseHlc(hlc).node;
}

/**
 * The one HLC a row's fields share, or undefined: `hlcs` has exactly `fields`, all with the same HLC. A
 * row written by one command is stamped so, and then carries the HLC once where its size matters (a
 * pull page; ADR 0118).
 */
export function sharedHlc(
  fields: readonly string[],
  hlcs: Readonly<Record<string, string>>,
): string | undefined {
  const first = fields[0] === undefined ? undefined : hlcs[fields[0]];
  if (first === undefined || Object.keys(hlcs).length !== fields.length) return undefined;
  for (const field of fields) if (hlcs[field] !== first) return undefined;
  return first;
}

/** The HLC map of `fields`, every one stamped `hlc`: what sharedHlc took apart. */
export function everyFieldAt(fields: readonly string[], hlc: string): Record<string, string> {
  const hlcs: Record<string, string> = {};
  for (const field of fields) hlcs[field] = hlc;
  return hlcs;
}
