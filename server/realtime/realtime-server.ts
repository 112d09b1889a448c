import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

import { WebSocketServer } from 'ws';
import type { RawData, WebSocket } from 'ws';

import type { BackendContext } from '../backend-context.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { ChannelRegistry } from './channel-registry.ts';
import { httpBroadcast } from './http-broadcast.ts';
import { identifyToken } from './identify-token.ts';
import { decodeBinary, decodeText } from './phoenix-frames.ts';
import { PostgresChanges } from './postgres-changes.ts';
import type { RealtimeHub } from './realtime-hub.ts';
import { SocketSession } from './socket-session.ts';

const SOCKET_PATH = /^(?:\/[^/]+)*?\/realtime\/v1\/websocket\/?$/;

/**
 * Realtime over Phoenix vsn 2.0.0 (wire contract §4): heartbeat, join/leave, access_token, broadcast (text and
 * binary pushes, and over REST), broadcast from the database (realtime.send), presence, postgres_changes with
 * per-subscriber RLS, and private channels authorised by RLS on realtime.messages. This class owns the
 * WebSocket server and the database listeners; each socket is a SocketSession.
 */
export class RealtimeServer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  private readonly hub: RealtimeHub;
  private unlistenBroadcasts: (() => Promise<void>) | undefined;
  /** When each socket last sent a frame; the sweep closes those silent for longer than the idle timeout. */
  private readonly lastSeen = new Map<WebSocket, number>();
  private sweep: ReturnType<typeof setInterval> | undefined;

  constructor(ctx: BackendContext) {
    let bindingSeq = 0;
    this.hub = {
      ctx,
      registry: new ChannelRegistry(),
      changes: new PostgresChanges(ctx.db),
      identify: (token) => identifyToken(token, ctx.config.jwtSecret),
      nextBindingId: () => (bindingSeq += 1),
    };
  }

  async attach(server: Server): Promise<void> {
    await this.hub.changes.start();
    this.unlistenBroadcasts = await this.hub.ctx.db.listen('realtime_local_broadcast', (text) =>
      this.hub.registry.deliverFromDatabase(text),
    );
    const idleMs = this.hub.ctx.config.realtimeIdleTimeoutSeconds * 1000;
    this.sweep = setInterval(
      () => {
        const cutoff = Date.now() - idleMs;
        for (const [ws, seen] of this.lastSeen) if (seen < cutoff) ws.terminate();
      },
      Math.min(idleMs / 4, 5000),
    );
    this.sweep.unref();
    server.on(
      'upgrade',
      (request: IncomingMessage, socket: Duplex, head: Buffer) => void this.upgrade(request, socket, head),
    );
  }

  async close(): Promise<void> {
    clearInterval(this.sweep);
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
    await this.unlistenBroadcasts?.();
    await this.hub.changes.stop();
  }

  /** POST /realtime/v1/api/broadcast…: see httpBroadcast. */
  httpBroadcast(request: ApiRequest): Promise<ApiResponse> {
    return httpBroadcast(this.hub, request);
  }

  private async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const reject = (status: number, message: string) => {
      socket.end(
        `HTTP/1.1 ${status} ${status === 404 ? 'Not Found' : 'Unauthorized'}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${JSON.stringify({ error: message })}`,
      );
    };
    if (!SOCKET_PATH.test(url.pathname)) return reject(404, 'Not found');
    const apikey = url.searchParams.get('apikey') ?? undefined;
    const identity = await this.hub.identify(apikey);
    if (!identity.ok || (identity.role !== 'anon' && identity.role !== 'service_role'))
      return reject(401, 'Invalid API key');
    this.wss.handleUpgrade(request, socket, head, (ws) => this.connected(ws, apikey ?? ''));
  }

  private connected(ws: WebSocket, apikey: string): void {
    const session = new SocketSession(this.hub, ws, apikey);
    this.lastSeen.set(ws, Date.now());
    ws.on('message', (data: RawData, isBinary: boolean) => {
      this.lastSeen.set(ws, Date.now());
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      const message = isBinary ? decodeBinary(bytes) : decodeText(bytes.toString('utf8'));
      if (message)
        void session
          .handle(message)
          .catch((error: unknown) => console.error(`realtime: ${(error as Error).message}`));
    });
    ws.on('close', () => {
      this.lastSeen.delete(ws);
      session.closeAll();
    });
    ws.on('error', () => ws.terminate());
  }
}
