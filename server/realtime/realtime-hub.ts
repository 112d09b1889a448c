import type { BackendContext } from '../backend-context.ts';
import type { ChannelRegistry } from './channel-registry.ts';
import type { Identity } from './identify-token.ts';
import type { PostgresChanges } from './postgres-changes.ts';

/** What the realtime pieces (sockets, joins, the REST broadcast) share for one running backend. */
export interface RealtimeHub {
  readonly ctx: BackendContext;
  readonly registry: ChannelRegistry;
  readonly changes: PostgresChanges;
  identify(token: string | undefined): Promise<Identity>;
  /** Ids for postgres_changes bindings, unique across the server so a client can tell its bindings apart. */
  nextBindingId(): number;
}
