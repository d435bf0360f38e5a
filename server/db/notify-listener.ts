import postgres from "postgres";
import { dbListenerFences } from "../core/metrics";
import type { Database } from "./client";

// One LISTEN connection of its own (outside the query pool), with a fence: fence() resolves true
// only when every notification committed before it was called has been handed to the handlers.
// Postgres delivers a listening session's notifications before the answer to its next query, and
// the driver hands them over as it reads them, so a round trip on this very connection (`select 1`)
// is that fence. Concurrent callers share round trips: one fence in flight, and one queued behind
// it for everyone who arrives meanwhile. Design: docs/decisions/0089-session-cache.md.

/** A fence that has not come back within this is taken as a dead connection. */
const FENCE_TIMEOUT_MS = 1_000;
/** Between attempts to listen again after the connection dropped. */
const RECONNECT_DELAY_MS = 500;

export interface NotifyHandler {
  onNotify(payload: string): void;
  /**
   * Notifications may have been missed: the connection dropped, listening stopped, or listening
   * (re)started (whatever was read before it may predate a change nobody announced here).
   */
  onReset(): void;
}

export interface NotifyListenerOptions {
  /** The driver options of this database handle (a listener takes its connection settings). */
  db: Database;
  channel: string;
  handler: NotifyHandler;
  onError?: (err: unknown) => void;
}

export class NotifyListener {
  private sql: postgres.Sql | null = null;
  /** Bumped whenever the connection is lost or replaced: a fence is only good within one. */
  private generation = 0;
  private listening = false;
  private stopped = false;
  private current: Promise<boolean> | null = null;
  private queued: Promise<boolean> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(private readonly o: NotifyListenerOptions) {}

  /** True while LISTEN is in force on a live connection. */
  get connected(): boolean {
    return this.listening;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect().catch((err) => {
      this.o.onError?.(err);
      this.scheduleReconnect();
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.lost();
    const sql = this.sql;
    this.sql = null;
    await sql?.end({ timeout: 0 }).catch(() => {});
  }

  /**
   * Resolves true once every notification committed before this call has reached the handler;
   * false when that cannot be known (not listening, the connection dropped or did not answer).
   */
  fence(): Promise<boolean> {
    if (!this.listening) return Promise.resolve(false);
    if (!this.current) return this.launch();
    // The round trip in flight may have left before this caller's change was committed.
    this.queued ??= this.current.then(() => {
      this.queued = null;
      return this.launch();
    });
    return this.queued;
  }

  private launch(): Promise<boolean> {
    const fence = this.roundTrip().finally(() => {
      if (this.current === fence) this.current = null;
    });
    this.current = fence;
    return fence;
  }

  private async roundTrip(): Promise<boolean> {
    const sql = this.sql;
    const generation = this.generation;
    if (!sql || !this.listening) return false;
    dbListenerFences.inc();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        sql`select 1`.execute(),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error("the LISTEN connection did not answer")),
            FENCE_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (err) {
      if (generation === this.generation) {
        this.o.onError?.(err);
        this.drop(sql);
      }
      return false;
    } finally {
      clearTimeout(timer);
    }
    return this.listening && generation === this.generation;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = (this.o.db as Database & { $client?: postgres.Sql }).$client;
    if (!client) throw new Error("a LISTEN connection needs the postgres driver under the database handle");
    const generation = ++this.generation;
    // The pool's own settings (as the driver's listen() does), on one connection that never idles out.
    // onnotify is how the driver's own listen() hears notifications; its types leave it out.
    const options = {
      ...(client.options as unknown as postgres.Options<Record<string, never>>),
      max: 1,
      idle_timeout: null as never,
      max_lifetime: null,
      fetch_types: false,
      onnotify: (channel: string, payload: string) => {
        if (channel === this.o.channel && generation === this.generation) this.o.handler.onNotify(payload);
      },
      onclose: () => {
        if (generation === this.generation) this.drop(sql);
      },
    };
    const sql: postgres.Sql = postgres(options as postgres.Options<Record<string, never>>);
    this.sql = sql;
    try {
      await sql.unsafe(`listen "${this.o.channel.replace(/"/g, '""')}"`);
    } catch (err) {
      if (generation === this.generation) this.drop(sql);
      throw err;
    }
    if (generation !== this.generation || this.stopped) return;
    this.listening = true;
    this.o.handler.onReset();
  }

  /** The connection is gone or untrusted: forget it, tell the handler, listen again soon. */
  private drop(sql: postgres.Sql): void {
    if (this.sql !== sql) return;
    this.sql = null;
    this.lost();
    sql.end({ timeout: 0 }).catch(() => {});
    this.scheduleReconnect();
  }

  private lost(): void {
    this.generation += 1;
    this.listening = false;
    this.o.handler.onReset();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().catch((err) => {
        this.o.onError?.(err);
        this.scheduleReconnect();
      });
    }, RECONNECT_DELAY_MS);
    this.reconnectTimer.unref();
  }
}
