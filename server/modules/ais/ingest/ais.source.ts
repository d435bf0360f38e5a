import { createSocket, type Socket as UdpSocket } from "node:dgram";
import { connect, type Socket } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../../core/clock";
import {
  type AisMessageHandler,
  emptyStats,
  type FeedStats,
  LineSplitter,
  NmeaLineFeed,
} from "../decode/nmea-feed";

export type { AisMessageHandler } from "../decode/nmea-feed";

/**
 * Where vessel positions come from: a real NMEA feed or the simulator. A source calls `onMessage`
 * with each decoded message (AisPositionReport / AisStaticReport) until stopped.
 */
export interface AisSource {
  readonly name: string;
  start(onMessage: AisMessageHandler): Promise<void>;
  stop(): Promise<void>;
}

/** Sources that decode a feed report how it goes, for the ingest's periodic log line. */
export interface FeedSource extends AisSource {
  stats(): FeedStats;
}

interface NmeaSourceOptions {
  host: string;
  port: number;
  clock: Clock;
  log: FastifyBaseLogger;
}

// Multi-sentence messages complete within milliseconds; a quiet feed still needs them dropped.
const EXPIRE_EVERY_MS = 5000;

/**
 * A line-delimited NMEA feed served over TCP (AIS-catcher, rtl-ais, a provider's relay): the
 * server connects as a client and reconnects with backoff whenever the connection drops.
 */
export class NmeaTcpSource implements FeedSource {
  readonly name: string;
  readonly #options: NmeaSourceOptions & { reconnectMs: number; maxReconnectMs: number };
  #socket: Socket | null = null;
  #feed: NmeaLineFeed | null = null;
  #expire: NodeJS.Timeout | null = null;
  #retry: NodeJS.Timeout | null = null;
  #stopped = false;
  #delay: number;

  constructor(options: NmeaSourceOptions & { reconnectMs?: number; maxReconnectMs?: number }) {
    this.name = `nmea-tcp://${options.host}:${options.port}`;
    this.#options = { reconnectMs: 1000, maxReconnectMs: 60_000, ...options };
    this.#delay = this.#options.reconnectMs;
  }

  stats(): FeedStats {
    return this.#feed?.stats ?? emptyStats();
  }

  /** Resolves once the first attempt connected or failed; a feed that is down is retried, not fatal. */
  start(onMessage: AisMessageHandler): Promise<void> {
    this.#stopped = false;
    const { clock, log } = this.#options;
    this.#feed = new NmeaLineFeed({ clock, log, onMessage });
    this.#expire = setInterval(() => this.#feed?.expire(), EXPIRE_EVERY_MS);
    this.#expire.unref();
    return new Promise((resolve) => this.#connect(resolve));
  }

  #connect(settled: () => void) {
    const { host, port, log } = this.#options;
    const feed = this.#feed as NmeaLineFeed;
    const lines = new LineSplitter();
    const socket = connect({ host, port });
    this.#socket = socket;
    socket.setEncoding("latin1");
    socket.setKeepAlive(true, 30_000);
    socket.on("connect", () => {
      this.#delay = this.#options.reconnectMs;
      log.info(`AIS feed connected: ${this.name}`);
      settled();
    });
    socket.on("data", (chunk: string) => {
      for (const line of lines.push(chunk)) feed.line(line);
    });
    socket.on("error", (err) => log.warn({ err }, `AIS feed ${this.name}: ${err.message}`));
    socket.on("close", () => {
      for (const line of lines.end()) feed.line(line);
      settled();
      if (this.#stopped) return;
      this.#retry = setTimeout(() => this.#connect(() => {}), this.#delay);
      this.#retry.unref();
      this.#delay = Math.min(this.#delay * 2, this.#options.maxReconnectMs);
    });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#expire) clearInterval(this.#expire);
    if (this.#retry) clearTimeout(this.#retry);
    const socket = this.#socket;
    this.#socket = null;
    if (socket && !socket.destroyed) {
      await new Promise<void>((resolve) => {
        socket.once("close", () => resolve());
        socket.destroy();
      });
    }
  }
}

/**
 * NMEA over UDP: binds host:port and reads each datagram as one or more sentences. Senders are
 * decoded apart, so two receivers' fragments never mix.
 */
export class NmeaUdpSource implements FeedSource {
  readonly name: string;
  readonly #options: NmeaSourceOptions;
  readonly #feeds = new Map<string, NmeaLineFeed>();
  #socket: UdpSocket | null = null;
  #expire: NodeJS.Timeout | null = null;

  constructor(options: NmeaSourceOptions) {
    this.name = `nmea-udp://${options.host}:${options.port}`;
    this.#options = options;
  }

  /** The bound address (the port the system chose when configured with 0). */
  address(): { address: string; port: number } {
    if (!this.#socket) throw new Error("the UDP source is not started");
    return this.#socket.address();
  }

  stats(): FeedStats {
    const total = emptyStats();
    for (const feed of this.#feeds.values()) {
      total.lines += feed.stats.lines;
      total.messages += feed.stats.messages;
      for (const [code, n] of Object.entries(feed.stats.errors)) {
        const key = code as keyof FeedStats["errors"];
        total.errors[key] = (total.errors[key] ?? 0) + n;
      }
    }
    return total;
  }

  start(onMessage: AisMessageHandler): Promise<void> {
    const { host, port, clock, log } = this.#options;
    const socket = createSocket({ type: host.includes(":") ? "udp6" : "udp4", reuseAddr: true });
    this.#socket = socket;
    socket.on("message", (datagram, from) => {
      const sender = `${from.address}:${from.port}`;
      let feed = this.#feeds.get(sender);
      if (!feed) {
        // A sender per receiver in practice; the cap only guards against a flood of spoofed ones.
        if (this.#feeds.size >= 256) this.#feeds.clear();
        feed = new NmeaLineFeed({ clock, log, onMessage });
        this.#feeds.set(sender, feed);
      }
      for (const line of datagram.toString("latin1").split(/\r?\n|\r/)) feed.line(line);
    });
    this.#expire = setInterval(() => {
      for (const feed of this.#feeds.values()) feed.expire();
    }, EXPIRE_EVERY_MS);
    this.#expire.unref();
    return new Promise((resolve, reject) => {
      socket.once("error", reject);
      socket.bind({ address: host, port }, () => {
        socket.off("error", reject);
        socket.on("error", (err) => log.warn({ err }, `AIS feed ${this.name}: ${err.message}`));
        log.info(`AIS feed listening: ${this.name}`);
        resolve();
      });
    });
  }

  async stop(): Promise<void> {
    if (this.#expire) clearInterval(this.#expire);
    const socket = this.#socket;
    this.#socket = null;
    if (socket) await new Promise<void>((resolve) => socket.close(() => resolve()));
  }
}
