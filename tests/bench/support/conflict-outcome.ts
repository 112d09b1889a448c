import type { Metric } from '../benchmark.ts';

/** One device's raced note once the devices converged, read from the device's own database. */
export interface DeviceNote {
  body: string;
  deleted: boolean;
  /** Texts the device keeps beside the note for the person to see and restore (Murmur's conflicts). */
  keptAside: string[];
}

/** A change that raced another: an edit found by the words it added, or a delete. */
export type RacedChange = { who: string; kind: 'edit'; words: string } | { who: string; kind: 'delete' };

/** Where an edit's words ended up on every device, in a reader's words. */
function whereWords(devices: readonly DeviceNote[], words: string): string {
  const inBody = devices.every((device) => device.body.includes(words));
  if (inBody)
    return devices.every((device) => device.deleted) ? 'in the deleted note, restorable' : 'in the body';
  if (
    devices.every((device) => device.body.includes(words) || device.keptAside.some((t) => t.includes(words)))
  )
    return 'in a conflict copy beside the note';
  if (devices.some((device) => device.body.includes(words))) return 'on one device only';
  return 'lost';
}

/**
 * What a system kept of two changes that raced (not timed): a figure counting the changes that survive
 * on every device, with a note saying where each one is. `lossless` states the expectation: every change
 * kept (Murmur's rules); without it the figure is reported as it is.
 */
export function conflictOutcome(
  name: string,
  devices: readonly DeviceNote[],
  changes: readonly RacedChange[],
  lossless: boolean,
): Metric {
  const parts = changes.map((change) => {
    if (change.kind === 'delete') {
      const deleted = devices.filter((device) => device.deleted).length;
      const where =
        deleted === devices.length
          ? 'kept'
          : deleted === 0
            ? 'undone, the note is back'
            : 'on one device only';
      return { kept: deleted === devices.length, text: `${change.who}: ${where}` };
    }
    const where = whereWords(devices, change.words);
    return { kept: where !== 'lost' && where !== 'on one device only', text: `${change.who}: ${where}` };
  });
  const first = devices[0];
  const agree = devices.every((device) => device.body === first?.body && device.deleted === first.deleted);
  const kept = parts.filter((part) => part.kept).length;
  const note = [
    ...parts.map((part) => part.text),
    agree ? 'both devices hold the same note' : 'the devices disagree',
  ].join('; ');
  return {
    name,
    unit: `of ${changes.length} changes kept`,
    median: kept,
    p95: kept,
    runs: 1,
    ...(lossless ? { target: { comparison: 'at-least' as const, value: changes.length } } : {}),
    note,
  };
}
