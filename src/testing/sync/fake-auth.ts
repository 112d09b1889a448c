import type { AuthPort } from '../../sync/ports.ts';
import type { SyncSession } from '../../sync/transport.ts';
import type { SyncServerModel } from './sync-server-model.ts';

/**
 * The auth layer of one device (shared by its tabs, like supabase-js's session in localStorage).
 * `refresh()` gets a new token from the server model unless the device is offline or signed out.
 */
export class FakeAuth implements AuthPort {
  private session: SyncSession | null;
  private readonly listeners = new Set<(session: SyncSession | null) => void>();
  private readonly server: SyncServerModel;
  refreshes = 0;
  canRefresh: () => boolean = () => true;

  constructor(server: SyncServerModel, userId: string | null) {
    this.server = server;
    this.session = userId ? { userId, accessToken: server.issueToken(userId) } : null;
  }

  current(): SyncSession | null {
    return this.session;
  }

  async refresh(): Promise<void> {
    this.refreshes++;
    if (!this.session || !this.canRefresh()) return;
    this.signIn(this.session.userId);
  }

  signIn(userId: string): void {
    this.session = { userId, accessToken: this.server.issueToken(userId) };
    const session = this.session;
    for (const listener of [...this.listeners]) listener(session);
  }

  signOut(): void {
    this.session = null;
    for (const listener of [...this.listeners]) listener(null);
  }

  subscribe(listener: (session: SyncSession | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
