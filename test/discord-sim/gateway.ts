/**
 * The simulated Discord Gateway (JSON encoding, no compression).
 *
 * HELLO → IDENTIFY (token + intents checked) → READY + one GUILD_CREATE per guild; heartbeats are ACKed and a
 * connection that stops heartbeating is closed (4009); RESUME replays missed dispatches then sends RESUMED;
 * sessions survive abrupt disconnects (so a dropped client can resume) and die on a clean close (1000/1001).
 *
 * Sharding (https://discord.com/developers/docs/events/gateway#sharding): IDENTIFY may carry `shard: [id, n]`; each
 * session then gets only the events of its guilds, `shard_id = (guild_id >> 22) % n`, and DMs go to shard 0. READY
 * lists the shard's guilds only. Sessions (and so RESUME) are per connection, hence per shard; the fault helpers
 * take an optional shard id so one shard's link can be dropped while the others run on.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- gateway payloads are raw JSON */
import { randomBytes } from 'node:crypto';
import { WebSocket, WebSocketServer } from 'ws';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

export const GatewayOp = {
  Dispatch: 0,
  Heartbeat: 1,
  Identify: 2,
  PresenceUpdate: 3,
  VoiceStateUpdate: 4,
  Resume: 6,
  Reconnect: 7,
  RequestGuildMembers: 8,
  InvalidSession: 9,
  Hello: 10,
  HeartbeatAck: 11,
} as const;

export const Intents = {
  Guilds: 1 << 0,
  GuildMembers: 1 << 1,
  GuildModeration: 1 << 2,
  GuildPresences: 1 << 8,
  GuildMessages: 1 << 9,
  DirectMessages: 1 << 12,
  MessageContent: 1 << 15,
} as const;
const PRIVILEGED = Intents.GuildMembers | Intents.GuildPresences | Intents.MessageContent;
const ALL_INTENTS = (1 << 26) - 1;

export interface GatewayHost {
  token: string;
  privilegedIntents: boolean;
  heartbeatIntervalMs: number;
  /** Builds READY's `d` for a new session of shard `[id, n]`. */
  readyPayload(sessionId: string, resumeUrl: string, shard: [number, number]): Record<string, unknown>;
  /** GUILD_CREATE payloads sent after READY (every guild; the gateway keeps the shard's own). */
  guildCreates(): Array<Record<string, unknown>>;
  /** Number of guilds the bot is in (IDENTIFY with too few shards is closed with 4011). */
  guildCount(): number;
  /** Whether the bot is in the guild: a guild's events reach it only then (GUILD_DELETE, which tells it it left, aside). */
  inGuild(guildId: string): boolean;
  membersChunk(guildId: string, query: string | undefined, limit: number, userIds: string[] | undefined): Array<Record<string, unknown>>;
  log(kind: 'gateway-in' | 'gateway-out', summary: string, data?: unknown): void;
  gatewayUrl(): string;
}

/** The shard a guild's events go to: `(guild_id >> 22) % shardCount` (Discord's formula). */
export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

/** Guilds per shard above which Discord refuses an IDENTIFY (close code 4011, "Sharding required"). */
export const MAX_GUILDS_PER_SHARD = 2500;

interface Session {
  id: string;
  /** `[shard_id, num_shards]` from IDENTIFY (`[0, 1]` without sharding). */
  shard: [number, number];
  seq: number;
  intents: number;
  buffer: Array<{ op: 0; s: number; t: string; d: unknown }>;
  conn?: Connection;
  /** Set once the session can no longer be resumed. */
  dead: boolean;
  expireTimer?: NodeJS.Timeout;
}

interface Connection {
  ws: WebSocket;
  session?: Session;
  lastBeat: number;
  timer?: NodeJS.Timeout;
  identified: boolean;
}

export class SimGateway {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly sessions = new Map<string, Session>();
  private readonly conns = new Set<Connection>();
  /** Heartbeat ACKs to swallow (fault injection: makes the client think the link is a zombie). */
  suppressAcks = 0;
  /** How long (real ms) a disconnected session stays resumable. */
  resumeWindowMs = 120_000;
  identifyCount = 0;
  resumeCount = 0;

  constructor(private readonly host: GatewayHost) {}

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws, req));
  }

  private send(conn: Connection, payload: Record<string, unknown>): void {
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    const op = payload.op as number;
    this.host.log('gateway-out', op === 0 ? `DISPATCH ${String(payload.t)} s=${String(payload.s)}` : `op ${op}`, payload.d);
    conn.ws.send(JSON.stringify(payload));
  }

  private onConnection(ws: WebSocket, req: IncomingMessage): void {
    const url = new URL(req.url ?? '/', 'http://x');
    const conn: Connection = { ws, lastBeat: Date.now(), identified: false };
    this.conns.add(conn);
    this.host.log('gateway-in', `connect ${url.search}`);
    if (url.searchParams.get('encoding') && url.searchParams.get('encoding') !== 'json') {
      ws.close(4002, 'Only JSON encoding is simulated');
      return;
    }
    if (url.searchParams.get('v') && url.searchParams.get('v') !== '10') {
      ws.close(4012, 'Invalid API version');
      return;
    }
    const interval = this.host.heartbeatIntervalMs;
    this.send(conn, { op: GatewayOp.Hello, d: { heartbeat_interval: interval, _trace: ['discord-sim'] }, s: null, t: null });
    // Discord allows some slack; a link silent for 1.5 intervals (+1 s) is considered dead.
    conn.timer = setInterval(
      () => {
        if (Date.now() - conn.lastBeat > interval * 1.5 + 1000) {
          this.host.log('gateway-out', 'closing: no heartbeat (4009)');
          ws.close(4009, 'Session timed out');
        }
      },
      Math.max(50, Math.floor(interval / 4)),
    );
    ws.on('message', (raw) => this.onMessage(conn, raw.toString()));
    ws.on('close', (code) => this.onClose(conn, code));
    ws.on('error', () => undefined);
  }

  private onClose(conn: Connection, code: number): void {
    this.host.log('gateway-in', `close ${code}`);
    if (conn.timer) clearInterval(conn.timer);
    this.conns.delete(conn);
    const session = conn.session;
    if (!session || session.conn !== conn) return;
    session.conn = undefined;
    if (code === 1000 || code === 1001) {
      this.killSession(session);
    } else {
      session.expireTimer = setTimeout(() => this.killSession(session), this.resumeWindowMs);
      session.expireTimer.unref();
    }
  }

  private killSession(session: Session): void {
    session.dead = true;
    if (session.expireTimer) clearTimeout(session.expireTimer);
    this.sessions.delete(session.id);
  }

  private onMessage(conn: Connection, text: string): void {
    let payload: { op?: unknown; d?: any };
    try {
      payload = JSON.parse(text);
    } catch {
      conn.ws.close(4002, 'Error while decoding payload');
      return;
    }
    const op = payload.op;
    this.host.log(
      'gateway-in',
      `op ${String(op)}`,
      op === GatewayOp.Identify || op === GatewayOp.Resume ? { ...payload.d, token: '<redacted>' } : payload.d,
    );
    switch (op) {
      case GatewayOp.Heartbeat:
        conn.lastBeat = Date.now();
        if (this.suppressAcks > 0) {
          this.suppressAcks--;
          return;
        }
        this.send(conn, { op: GatewayOp.HeartbeatAck, d: null, s: null, t: null });
        return;
      case GatewayOp.Identify:
        return this.identify(conn, payload.d);
      case GatewayOp.Resume:
        return this.resume(conn, payload.d);
      case GatewayOp.PresenceUpdate:
      case GatewayOp.VoiceStateUpdate:
        if (!conn.identified) conn.ws.close(4003, 'Not authenticated');
        return;
      case GatewayOp.RequestGuildMembers: {
        if (!conn.identified || !conn.session) return void conn.ws.close(4003, 'Not authenticated');
        const d = payload.d ?? {};
        const ids: string[] | undefined = d.user_ids === undefined ? undefined : ([] as string[]).concat(d.user_ids);
        const members = this.host.membersChunk(String(d.guild_id), d.query, Number(d.limit ?? 0), ids);
        this.dispatchTo(conn.session, 'GUILD_MEMBERS_CHUNK', {
          guild_id: d.guild_id,
          members,
          chunk_index: 0,
          chunk_count: 1,
          not_found: [],
          nonce: d.nonce,
        });
        return;
      }
      default:
        conn.ws.close(4001, 'Unknown opcode');
    }
  }

  private checkToken(conn: Connection, token: unknown): boolean {
    const t = typeof token === 'string' ? token.replace(/^Bot\s+/i, '') : '';
    if (t !== this.host.token) {
      conn.ws.close(4004, 'Authentication failed');
      return false;
    }
    return true;
  }

  private identify(conn: Connection, d: any): void {
    if (conn.identified) return void conn.ws.close(4005, 'Already authenticated');
    if (!d || typeof d !== 'object') return void conn.ws.close(4002, 'Error while decoding payload');
    if (!this.checkToken(conn, d.token)) return;
    const intents = d.intents;
    if (typeof intents !== 'number' || !Number.isInteger(intents) || (intents & ~ALL_INTENTS) !== 0) {
      return void conn.ws.close(4013, 'Invalid intent(s)');
    }
    if (!this.host.privilegedIntents && (intents & PRIVILEGED) !== 0) {
      return void conn.ws.close(4014, 'Disallowed intent(s)');
    }
    let shard: [number, number] = [0, 1];
    if (d.shard !== undefined) {
      const s = d.shard;
      const ok =
        Array.isArray(s) && s.length === 2 && Number.isInteger(s[0]) && Number.isInteger(s[1]) && s[1] >= 1 && s[0] >= 0 && s[0] < s[1];
      if (!ok) return void conn.ws.close(4010, 'Invalid shard');
      shard = [s[0], s[1]];
    }
    if (this.host.guildCount() / shard[1] > MAX_GUILDS_PER_SHARD) return void conn.ws.close(4011, 'Sharding required');
    this.identifyCount++;
    const session: Session = { id: randomBytes(16).toString('hex'), shard, seq: 0, intents, buffer: [], conn, dead: false };
    this.sessions.set(session.id, session);
    conn.session = session;
    conn.identified = true;
    this.dispatchTo(session, 'READY', this.host.readyPayload(session.id, this.host.gatewayUrl(), shard));
    for (const g of this.host.guildCreates()) {
      if (shardOf(String(g.id), shard[1]) === shard[0]) this.dispatchTo(session, 'GUILD_CREATE', g);
    }
  }

  private resume(conn: Connection, d: any): void {
    if (conn.identified) return void conn.ws.close(4005, 'Already authenticated');
    if (!d || typeof d !== 'object') return void conn.ws.close(4002, 'Error while decoding payload');
    if (!this.checkToken(conn, d.token)) return;
    const session = this.sessions.get(String(d.session_id));
    if (!session || session.dead) {
      this.send(conn, { op: GatewayOp.InvalidSession, d: false, s: null, t: null });
      return;
    }
    const seq = Number(d.seq ?? 0);
    if (seq > session.seq) return void conn.ws.close(4007, 'Invalid seq');
    if (session.conn && session.conn !== conn) {
      session.conn.session = undefined;
      session.conn.ws.close(4000, 'Session resumed elsewhere');
    }
    if (session.expireTimer) clearTimeout(session.expireTimer);
    session.conn = conn;
    conn.session = session;
    conn.identified = true;
    this.resumeCount++;
    for (const p of session.buffer) if (p.s > seq) this.send(conn, p);
    this.dispatchTo(session, 'RESUMED', { _trace: ['discord-sim'] });
  }

  private dispatchTo(session: Session, t: string, d: unknown): void {
    const payload = { op: 0 as const, s: ++session.seq, t, d };
    session.buffer.push(payload);
    if (session.buffer.length > 2000) session.buffer.splice(0, session.buffer.length - 2000);
    if (session.conn) this.send(session.conn, payload);
  }

  /**
   * Sends a dispatch to every live or resumable session whose intents include `intent` (if given) and whose shard
   * owns the event's guild (`d.id` for GUILD_CREATE/UPDATE/DELETE, else `d.guild_id`; none: shard 0, as for DMs).
   * Nothing of a guild the bot is not in is sent, but the GUILD_DELETE telling it it was removed.
   */
  dispatch(t: string, d: unknown, intent?: number): number {
    const data = (d ?? {}) as Record<string, unknown>;
    const gid = t === 'GUILD_CREATE' || t === 'GUILD_UPDATE' || t === 'GUILD_DELETE' ? data.id : data.guild_id;
    if (typeof gid === 'string' && gid !== '' && t !== 'GUILD_DELETE' && !this.host.inGuild(gid)) return 0;
    let n = 0;
    for (const s of this.sessions.values()) {
      if (s.dead) continue;
      if (intent !== undefined && (s.intents & intent) === 0) continue;
      const owner = typeof gid === 'string' && gid !== '' ? shardOf(gid, s.shard[1]) : 0;
      if (owner !== s.shard[0]) continue;
      this.dispatchTo(s, t, d);
      n++;
    }
    return n;
  }

  /** Number of sessions with an open, identified connection (of one shard id, if given). */
  connectedSessions(shard?: number): number {
    let n = 0;
    for (const s of this.sessions.values()) {
      if (shard !== undefined && s.shard[0] !== shard) continue;
      if (s.conn && s.conn.ws.readyState === WebSocket.OPEN) n++;
    }
    return n;
  }

  /** The live (or resumable) sessions: shard, session id, whether a connection is open, last sequence number. */
  sessionList(): Array<{ shard: [number, number]; sessionId: string; connected: boolean; seq: number }> {
    return [...this.sessions.values()]
      .filter((s) => !s.dead)
      .map((s) => ({
        shard: [...s.shard] as [number, number],
        sessionId: s.id,
        connected: Boolean(s.conn && s.conn.ws.readyState === WebSocket.OPEN),
        seq: s.seq,
      }));
  }

  /** Connections, all of them or those identified (or resumed) as shard `shard`. */
  private connsOf(shard?: number): Connection[] {
    return [...this.conns].filter((c) => shard === undefined || c.session?.shard[0] === shard);
  }

  /** Abruptly drops every connection, or one shard's (TCP reset, close code 1006 on the client): it should resume. */
  dropConnections(shard?: number): void {
    for (const c of this.connsOf(shard)) c.ws.terminate();
  }

  /** Closes every connection (or one shard's) with a specific close code (e.g. 4000 resumable, 4004 fatal). */
  closeConnections(code: number, reason = 'closed by simulator', shard?: number): void {
    for (const c of this.connsOf(shard)) c.ws.close(code, reason);
  }

  /** Sends op 7 RECONNECT (to every connection or one shard's): the client should reconnect and resume. */
  requestReconnect(shard?: number): void {
    for (const c of this.connsOf(shard)) this.send(c, { op: GatewayOp.Reconnect, d: null, s: null, t: null });
  }

  /** Sends op 9 INVALID_SESSION (d = resumable); a non-resumable one forces a new IDENTIFY. */
  invalidateSessions(resumable = false, shard?: number): void {
    for (const c of this.connsOf(shard)) {
      if (!resumable && c.session) this.killSession(c.session);
      this.send(c, { op: GatewayOp.InvalidSession, d: resumable, s: null, t: null });
    }
  }

  /** Asks clients for an immediate heartbeat (server op 1). */
  requestHeartbeat(): void {
    for (const c of this.conns) this.send(c, { op: GatewayOp.Heartbeat, d: null, s: null, t: null });
  }

  async close(): Promise<void> {
    for (const c of this.conns) {
      if (c.timer) clearInterval(c.timer);
      c.ws.terminate();
    }
    for (const s of this.sessions.values()) if (s.expireTimer) clearTimeout(s.expireTimer);
    this.sessions.clear();
    await new Promise<void>((r) => this.wss.close(() => r()));
  }
}
