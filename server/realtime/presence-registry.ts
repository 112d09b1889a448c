import { randomUUID } from 'node:crypto';

type Metas = Record<string, unknown>[];

/** Who is present where: per channel key, each presence key's metas (one per tracked client). */
export class PresenceRegistry {
  private readonly byTopic = new Map<string, Map<string, Metas>>();

  /** The `presence_state` payload for a topic: `{key: {metas: [...]}}`. */
  state(topicKey: string): Record<string, { metas: Metas }> {
    const state: Record<string, { metas: Metas }> = {};
    for (const [key, metas] of this.byTopic.get(topicKey) ?? []) state[key] = { metas };
    return state;
  }

  /** Tracks (or re-tracks) `presenceKey` with `payload`; returns the `presence_diff` payload. */
  track(
    topicKey: string,
    presenceKey: string,
    payload: Record<string, unknown>,
  ): { joins: Record<string, unknown>; leaves: Record<string, unknown> } {
    const state = this.byTopic.get(topicKey) ?? new Map<string, Metas>();
    this.byTopic.set(topicKey, state);
    const left = state.get(presenceKey);
    const meta = { ...payload, phx_ref: randomUUID() };
    state.set(presenceKey, [meta]);
    return {
      joins: { [presenceKey]: { metas: [meta] } },
      leaves: left ? { [presenceKey]: { metas: left } } : {},
    };
  }

  /** Removes `presenceKey`; the `presence_diff` payload, or undefined when it was not tracked. */
  untrack(
    topicKey: string,
    presenceKey: string,
  ): { joins: Record<string, unknown>; leaves: Record<string, unknown> } | undefined {
    const state = this.byTopic.get(topicKey);
    const left = state?.get(presenceKey);
    if (!state || !left) return undefined;
    state.delete(presenceKey);
    if (state.size === 0) this.byTopic.delete(topicKey);
    return { joins: {}, leaves: { [presenceKey]: { metas: left } } };
  }
}
