import type { ServiceContext, ServiceDeps } from "../../../core/context";
import { systemContext } from "../../../core/context";
import type { AisFeedConfig } from "../ais.config";
import {
  AIS_FLUSH_INTERVAL_MS,
  AIS_FLUSH_MAX_MESSAGES,
  AIS_MATCH_INTERVAL_MS,
  AIS_MIN_POSITION_INTERVAL_MS,
} from "../ais.constants";
import type { PositionRow, VesselIdentityUpdate } from "../ais.queries";
import { type PortCoordinates, recordAisBatch, type UpdateAisResult, updateAis } from "../ais.service";
import type { AisMessage } from "../ais.types";
import { identityUpdate, mergeIdentity, positionRow } from "../ais-rows";
import { type AisSource, type FeedSource, NmeaTcpSource, NmeaUdpSource } from "./ais.source";

export interface AisIngestOptions {
  portCoordinates: PortCoordinates;
  flushIntervalMs?: number;
  /** Messages received that trigger a flush before the interval is up. */
  maxMessages?: number;
  /** A vessel's positions closer together than this are not all stored. */
  minPositionIntervalMs?: number;
  /** Clock time between two shipment updates (each runs over the current legs). */
  matchIntervalMs?: number;
}

export interface FlushResult {
  positions: number;
  identities: number;
  /** The shipment update that followed, when it was due. */
  shipments: UpdateAisResult | null;
}

/**
 * Buffers what the sources decode and writes it in batches, since a feed can carry thousands of
 * messages a second: one position per vessel per batch (the newest), static data merged per
 * vessel. After writing, the shipments on the vessels heard are updated (updateAis).
 */
export class AisIngest {
  readonly #ctx: ServiceContext;
  readonly #options: Required<AisIngestOptions>;
  #positions = new Map<string, PositionRow>();
  #identities = new Map<string, VesselIdentityUpdate>();
  #received = 0;
  readonly #heard = new Set<string>();
  /** Performance only: another process may store the same vessel, at worst a few rows more. */
  readonly #lastStored = new Map<string, number>();
  #lastMatch = Number.NEGATIVE_INFINITY;
  #flushing: Promise<FlushResult> = Promise.resolve({ positions: 0, identities: 0, shipments: null });
  #timer: NodeJS.Timeout | null = null;
  /** Writes started and not finished. */
  #inFlight = 0;

  constructor(ctx: ServiceContext, options: AisIngestOptions) {
    this.#ctx = ctx;
    this.#options = {
      flushIntervalMs: AIS_FLUSH_INTERVAL_MS,
      maxMessages: AIS_FLUSH_MAX_MESSAGES,
      minPositionIntervalMs: AIS_MIN_POSITION_INTERVAL_MS,
      matchIntervalMs: AIS_MATCH_INTERVAL_MS,
      ...options,
    };
  }

  /** The handler to give sources. */
  readonly accept = (message: AisMessage): void => {
    const receivedAt = this.#ctx.clock.now();
    const identity = identityUpdate(message, receivedAt);
    if (identity)
      this.#identities.set(identity.mmsi, mergeIdentity(this.#identities.get(identity.mmsi), identity));
    const position = positionRow(message, receivedAt);
    if (position) {
      const stored = this.#lastStored.get(position.mmsi);
      const buffered = this.#positions.get(position.mmsi);
      const tooSoon =
        stored !== undefined && position.reportedAt.getTime() - stored < this.#options.minPositionIntervalMs;
      if (!tooSoon && (!buffered || buffered.reportedAt <= position.reportedAt)) {
        this.#positions.set(position.mmsi, position);
      }
    }
    this.#received += 1;
    // While a write is running the buffer keeps coalescing: a slow database slows the writes,
    // it does not queue them up.
    if (this.#received >= this.#options.maxMessages && this.#inFlight === 0) void this.flush();
  };

  start(): void {
    this.#timer ??= setInterval(() => {
      if (this.#inFlight === 0) void this.flush();
    }, this.#options.flushIntervalMs);
    this.#timer.unref();
  }

  /** Writes what is buffered; flushes run one after another. */
  flush(): Promise<FlushResult> {
    const positions = [...this.#positions.values()];
    const identities = [...this.#identities.values()];
    this.#positions = new Map();
    this.#identities = new Map();
    this.#received = 0;
    this.#inFlight += 1;
    this.#flushing = this.#flushing.then(() => this.#write(positions, identities));
    return this.#flushing;
  }

  async #write(positions: PositionRow[], identities: VesselIdentityUpdate[]): Promise<FlushResult> {
    const result: FlushResult = { positions: 0, identities: 0, shipments: null };
    try {
      if (positions.length > 0 || identities.length > 0) {
        Object.assign(result, await recordAisBatch(this.#ctx, { positions, identities }));
        for (const p of positions) this.#lastStored.set(p.mmsi, p.reportedAt.getTime());
        for (const row of [...positions, ...identities]) this.#heard.add(row.mmsi);
        this.#forgetOldVessels();
      }
      const now = this.#ctx.clock.now().getTime();
      if (this.#heard.size > 0 && now - this.#lastMatch >= this.#options.matchIntervalMs) {
        const mmsis = [...this.#heard];
        this.#heard.clear();
        this.#lastMatch = now;
        result.shipments = await updateAis(this.#ctx, {
          portCoordinates: this.#options.portCoordinates,
          mmsis,
        });
      }
    } catch (err) {
      // The feed goes on: a lost batch is a minute of track, and the next positions replace it.
      this.#ctx.log.error({ err }, "AIS batch not written");
    } finally {
      this.#inFlight -= 1;
    }
    return result;
  }

  #forgetOldVessels() {
    if (this.#lastStored.size < 100_000) return;
    const cutoff = this.#ctx.clock.now().getTime() - this.#options.minPositionIntervalMs;
    for (const [mmsi, at] of this.#lastStored) if (at < cutoff) this.#lastStored.delete(mmsi);
  }

  /** Resolves when the flushes started so far are done. */
  async idle(): Promise<void> {
    await this.#flushing;
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.flush();
  }
}

export interface RunningAisIngest {
  ingest: AisIngest;
  sources: AisSource[];
  stop(): Promise<void>;
}

/**
 * Starts the worker's AIS ingest: the configured NMEA feeds (and any other sources, e.g. the
 * simulator) into one batching ingest. Stop it before closing the database.
 */
export async function startAisIngest(
  deps: ServiceDeps,
  config: AisFeedConfig,
  options: AisIngestOptions & { sources?: AisSource[] },
): Promise<RunningAisIngest> {
  const ctx = systemContext(deps, "ais-ingest");
  const ingest = new AisIngest(ctx, options);
  const feeds: FeedSource[] = [
    ...config.tcp.map((address) => new NmeaTcpSource({ ...address, clock: deps.clock, log: deps.log })),
    ...(config.udp ? [new NmeaUdpSource({ ...config.udp, clock: deps.clock, log: deps.log })] : []),
  ];
  const sources: AisSource[] = [...feeds, ...(options.sources ?? [])];
  ingest.start();
  const started: AisSource[] = [];
  try {
    for (const source of sources) {
      await source.start(ingest.accept);
      started.push(source);
    }
  } catch (err) {
    for (const source of started) await source.stop();
    await ingest.stop();
    throw err;
  }
  const report = setInterval(() => {
    for (const feed of feeds) deps.log.info({ feed: feed.name, ...feed.stats() }, "AIS feed");
  }, 60_000);
  report.unref();
  return {
    ingest,
    sources,
    async stop() {
      clearInterval(report);
      for (const source of sources) await source.stop();
      await ingest.stop();
    },
  };
}
