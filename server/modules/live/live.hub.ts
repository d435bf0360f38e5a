import type { ServerResponse } from "node:http";
import type { FastifyBaseLogger } from "fastify";
import type postgres from "postgres";
import type { Clock } from "../../core/clock";
import type { Database } from "../../db/client";
import {
  LIVE_CHANNEL,
  LIVE_HEARTBEAT_MS,
  LIVE_LISTEN_PING_MS,
  LIVE_MAX_STREAMS_PER_USER,
  LIVE_REPLAY_MAX_EVENTS,
  LIVE_RETRY_MS,
  LIVE_SCOPE_REFRESH_MS,
  LIVE_SESSION_CHECK_MS,
} from "./live.constants";
import { liveEventBounds, liveEventsAfter, openSessionIds } from "./live.queries";
import { decodeLiveEvent, hears, type LiveEventIds, type LiveScope } from "./live.scope";

/** A browser that reads slower than this much queued output is dropped; it reconnects and replays. */
const MAX_QUEUED_BYTES = 64 * 1024;

/** Re-reads a stream's scope; null when its session is gone (the stream then ends). */
export type Rescope = (scope: LiveScope) => Promise<LiveScope | null>;

interface Stream {
  scope: LiveScope;
  out: ServerResponse;
  /** The last id this browser was told (its Last-Event-ID on a reconnect). */
  lastId: number;
  /** Replaying: live events wait here until the replay is written. */
  buffer: LiveEventIds[] | null;
  nextScopeAt: number;
  closed: boolean;
}

export interface LiveHubOptions {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  rescope: Rescope;
}

/**
 * The live streams of one web process and its one LISTEN connection. Every event is decided per
 * stream from the scope kept in memory (no query per event); scopes are re-read in the background,
 * spread over LIVE_SCOPE_REFRESH_MS, and every session is checked in one statement per
 * LIVE_SESSION_CHECK_MS. See docs/decisions/0086-live-updates.md.
 */
export class LiveHub {
  private readonly streams = new Set<Stream>();
  private readonly perUser = new Map<string, number>();
  private readonly timers: NodeJS.Timeout[] = [];
  private unlisten: (() => Promise<void>) | null = null;
  private listens = 0;
  private lastPongAt = 0;
  private pingSeq = 0;
  private readonly hubId = Math.random().toString(36).slice(2, 10);
  private stopped = false;
  /** The newest event this process has seen (published, or read back after a dropped LISTEN). */
  lastSeenId = 0;

  constructor(private readonly o: LiveHubOptions) {}

  get size(): number {
    return this.streams.size;
  }

  async start(): Promise<void> {
    // A database that is down at start must not keep the web process from serving: the ping
    // below keeps trying to listen until it can.
    try {
      await this.listen();
    } catch (err) {
      this.o.log.warn({ err }, "live updates: cannot listen yet; retrying");
    }
    const every = (ms: number, fn: () => Promise<void> | void) => {
      const timer = setInterval(() => {
        Promise.resolve(fn()).catch((err) =>
          this.o.log.warn({ err }, "live updates: background check failed"),
        );
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(LIVE_HEARTBEAT_MS, () => this.heartbeat());
    every(LIVE_SESSION_CHECK_MS, () => this.checkSessions());
    every(Math.min(5_000, LIVE_SCOPE_REFRESH_MS), () => this.refreshScopes(false));
    every(LIVE_LISTEN_PING_MS, () => this.ping());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    for (const s of [...this.streams]) this.end(s, "closing");
    await this.unlisten?.().catch(() => {});
    this.unlisten = null;
  }

  /** Whether the user may open one more stream here. */
  canOpen(userId: string): boolean {
    return (this.perUser.get(userId) ?? 0) < LIVE_MAX_STREAMS_PER_USER;
  }

  /**
   * Starts a stream on `out` (headers already written): replays what came after `lastEventId` when
   * it is still kept, else tells the browser to refetch, then goes live.
   */
  async open(scope: LiveScope, out: ServerResponse, lastEventId: number | null): Promise<void> {
    const stream: Stream = {
      scope,
      out,
      lastId: this.lastSeenId,
      buffer: [],
      nextScopeAt: Date.now() + LIVE_SCOPE_REFRESH_MS * (0.5 + Math.random() / 2),
      closed: false,
    };
    this.streams.add(stream);
    this.perUser.set(scope.userId, (this.perUser.get(scope.userId) ?? 0) + 1);
    out.on("close", () => this.remove(stream));
    this.write(stream, `retry: ${LIVE_RETRY_MS}\n\n`);
    try {
      if (lastEventId === null) {
        this.write(stream, `id: ${stream.lastId}\nevent: ready\ndata: {}\n\n`);
      } else {
        await this.replay(stream, lastEventId);
      }
    } catch (err) {
      this.o.log.warn({ err }, "live updates: replay failed");
      this.end(stream, "closing");
      return;
    }
    const waiting = stream.buffer ?? [];
    stream.buffer = null;
    for (const e of waiting) this.deliver(stream, e);
  }

  private async replay(stream: Stream, lastEventId: number): Promise<void> {
    const { oldest, newest } = await liveEventBounds(this.o.db);
    const latest = Math.max(newest ?? 0, this.lastSeenId);
    const lost = (oldest !== null && lastEventId < oldest - 1) || lastEventId > latest;
    const rows = lost ? [] : await liveEventsAfter(this.o.db, lastEventId, LIVE_REPLAY_MAX_EVENTS + 1);
    if (lost || rows.length > LIVE_REPLAY_MAX_EVENTS) {
      stream.lastId = latest;
      this.write(stream, `id: ${latest}\nevent: reset\ndata: {}\n\n`);
      return;
    }
    stream.lastId = lastEventId;
    for (const e of rows) this.deliver(stream, e, true);
    // Nothing this browser may hear among them: still move its Last-Event-ID past them.
    const last = rows.at(-1);
    if (last && stream.lastId < last.id) {
      stream.lastId = last.id;
      this.write(stream, `id: ${last.id}\n\n`);
    }
  }

  private deliver(stream: Stream, e: LiveEventIds, replaying = false): void {
    if (stream.closed || e.id <= stream.lastId) return;
    if (stream.buffer && !replaying) {
      stream.buffer.push(e);
      return;
    }
    if (!hears(stream.scope, e)) return;
    stream.lastId = e.id;
    this.write(stream, `id: ${e.id}\nevent: shipment\ndata: {"shipmentId":"${e.shipmentId}"}\n\n`);
  }

  /** A change published by any web process's job: to every stream here that may hear it. */
  dispatch(e: LiveEventIds): void {
    if (e.id <= this.lastSeenId) return;
    this.lastSeenId = e.id;
    for (const s of this.streams) this.deliver(s, e);
  }

  private write(stream: Stream, text: string): void {
    if (stream.closed) return;
    if (stream.out.writableLength > MAX_QUEUED_BYTES) {
      this.end(stream, "closing");
      return;
    }
    stream.out.write(text);
  }

  private end(stream: Stream, reason: "signed-out" | "closing"): void {
    if (stream.closed) return;
    if (reason === "signed-out") stream.out.write(`event: end\ndata: {"reason":"signed-out"}\n\n`);
    stream.out.end();
    this.remove(stream);
  }

  private remove(stream: Stream): void {
    if (!this.streams.delete(stream)) return;
    stream.closed = true;
    const n = (this.perUser.get(stream.scope.userId) ?? 1) - 1;
    if (n > 0) this.perUser.set(stream.scope.userId, n);
    else this.perUser.delete(stream.scope.userId);
  }

  private heartbeat(): void {
    for (const s of this.streams) this.write(s, ": keep-alive\n\n");
  }

  /** Ends the streams whose session was signed out or expired: one statement for all of them. */
  async checkSessions(): Promise<void> {
    if (this.streams.size === 0) return;
    // Only the streams asked about: one opened during the query is not judged by its answer.
    const checked = [...this.streams];
    const ids = [...new Set(checked.map((s) => s.scope.sessionId))];
    const open = await openSessionIds(this.o.db, ids, this.o.clock.now());
    for (const s of checked) if (!open.has(s.scope.sessionId)) this.end(s, "signed-out");
  }

  /** Re-reads the scopes that are due (all of them with `all`): access lost is hearing stopped. */
  async refreshScopes(all = true): Promise<void> {
    const now = Date.now();
    // The tabs of one session share its scope: read once for all of them.
    const bySession = new Map<string, Stream[]>();
    for (const s of this.streams) {
      const list = bySession.get(s.scope.sessionId) ?? [];
      list.push(s);
      bySession.set(s.scope.sessionId, list);
    }
    for (const group of bySession.values()) {
      if (this.stopped) return;
      if (!all && group.every((s) => s.nextScopeAt > now)) continue;
      const first = group[0];
      if (!first) continue;
      const next = await this.o.rescope(first.scope);
      for (const s of group) {
        s.nextScopeAt = now + LIVE_SCOPE_REFRESH_MS;
        if (next === null) this.end(s, "signed-out");
        else s.scope = next;
      }
    }
  }

  private async listen(): Promise<void> {
    const client = listenClient(this.o.db);
    const listening = await listenOn(
      client,
      LIVE_CHANNEL,
      (payload: string) => this.onNotify(payload),
      () => {
        this.listens += 1;
        this.lastPongAt = Date.now();
        if (this.listens > 1) {
          this.o.log.info("live updates: listening again after a dropped database connection");
          void this.catchUp();
        }
      },
    );
    this.unlisten = listening.unlisten;
    if (this.lastSeenId === 0) {
      const { newest } = await liveEventBounds(this.o.db);
      this.lastSeenId = Math.max(this.lastSeenId, newest ?? 0);
    }
  }

  private onNotify(payload: string): void {
    if (payload.startsWith("ping:")) {
      if (payload.startsWith(`ping:${this.hubId}:`)) this.lastPongAt = Date.now();
      return;
    }
    const e = decodeLiveEvent(payload);
    if (e) this.dispatch(e);
  }

  /** What was published while LISTEN was down, read back from the replay table. */
  private async catchUp(): Promise<void> {
    try {
      for (;;) {
        const rows = await liveEventsAfter(this.o.db, this.lastSeenId, 1000);
        for (const e of rows) this.dispatch(e);
        if (rows.length < 1000) return;
      }
    } catch (err) {
      this.o.log.warn({ err }, "live updates: could not read back the changes missed while disconnected");
    }
  }

  /**
   * Notifies itself through the pool; a LISTEN connection that stopped hearing (a connection that
   * died without closing) is noticed when the pings stop coming back, and is opened again.
   */
  private async ping(): Promise<void> {
    if (this.stopped) return;
    const client = listenClient(this.o.db);
    if (Date.now() - this.lastPongAt > 3 * LIVE_LISTEN_PING_MS) {
      this.o.log.warn("live updates: the LISTEN connection stopped answering; listening again");
      await this.unlisten?.().catch(() => {});
      this.unlisten = null;
      this.lastPongAt = Date.now();
      try {
        await this.listen();
        await this.catchUp();
      } catch (err) {
        this.o.log.warn({ err }, "live updates: listening again failed; retrying");
      }
      return;
    }
    this.pingSeq += 1;
    await client.notify(LIVE_CHANNEL, `ping:${this.hubId}:${this.pingSeq}`).catch(() => {});
  }
}

/** The driver under Drizzle: LISTEN takes a connection of its own, outside the query pool. */
function listenClient(db: Database): postgres.Sql {
  const client = (db as Database & { $client?: postgres.Sql }).$client;
  if (!client) throw new Error("live updates need the postgres driver under the database handle");
  return client;
}

/**
 * The driver's LISTEN; when it fails (the database is down), the driver keeps the failed channel and
 * every later LISTEN on it would fail the same way, so it is forgotten for the next try to start clean.
 */
async function listenOn(
  client: postgres.Sql,
  channel: string,
  onNotify: (payload: string) => void,
  onListen: () => void,
): Promise<postgres.ListenMeta> {
  try {
    return await client.listen(channel, onNotify, onListen);
  } catch (err) {
    const channels = (client.listen as unknown as { channels?: Record<string, unknown> }).channels;
    if (channels) delete channels[channel];
    throw err;
  }
}
