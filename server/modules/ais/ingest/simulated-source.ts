import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../../core/clock";
import type { AisPositionReport, AisStaticReport } from "../ais.types";
import type { AisMessageHandler, AisSource } from "./ais.source";

/** A vessel where the simulator says it is (Part A's positionAt along the leg). */
export interface SimulatedVesselPosition {
  mmsi: number;
  imo?: number | null;
  shipName?: string | null;
  lat: number;
  lon: number;
  sog: number;
  cog: number;
  heading?: number | null;
}

export type PositionsAt = (at: Date) => Promise<SimulatedVesselPosition[]> | SimulatedVesselPosition[];

export interface ClockedPositionSourceOptions {
  clock: Clock;
  /** Clock time between two rounds of positions. */
  intervalMs: number;
  positionsAt: PositionsAt;
  /** Real time between two looks at the clock (the clock may be a test clock that jumps). */
  pollMs?: number;
  log?: FastifyBaseLogger;
}

/**
 * Positions from a function instead of a radio: every `intervalMs` of clock time it asks
 * `positionsAt(now)` and hands each vessel on as a decoded class A position report, preceded by a
 * static report (type 5) whenever the vessel's IMO or name is new, as a real transponder would.
 */
export class ClockedPositionSource implements AisSource {
  readonly name = "simulator";
  readonly #options: ClockedPositionSourceOptions;
  readonly #announced = new Map<number, string>();
  #onMessage: AisMessageHandler | null = null;
  #last: number | null = null;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<number> | null = null;

  constructor(options: ClockedPositionSourceOptions) {
    this.#options = options;
  }

  async start(onMessage: AisMessageHandler): Promise<void> {
    this.#onMessage = onMessage;
    this.#timer = setInterval(() => void this.tick(), this.#options.pollMs ?? 1000);
    this.#timer.unref();
    await this.tick();
  }

  /** Emits a round when the interval passed on the clock; resolves to the positions emitted. */
  tick(): Promise<number> {
    this.#running ??= this.#round().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #round(): Promise<number> {
    const onMessage = this.#onMessage;
    const now = this.#options.clock.now();
    if (!onMessage || (this.#last !== null && now.getTime() - this.#last < this.#options.intervalMs))
      return 0;
    this.#last = now.getTime();
    let vessels: SimulatedVesselPosition[];
    try {
      vessels = await this.#options.positionsAt(now);
    } catch (err) {
      this.#options.log?.warn({ err }, "simulated AIS positions failed");
      return 0;
    }
    for (const vessel of vessels) {
      const identity = `${vessel.imo ?? ""}|${vessel.shipName ?? ""}`;
      if (identity !== "|" && this.#announced.get(vessel.mmsi) !== identity) {
        this.#announced.set(vessel.mmsi, identity);
        onMessage(staticReport(vessel));
      }
      onMessage(positionReport(vessel, now));
    }
    return vessels.length;
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
    this.#onMessage = null;
  }
}

function positionReport(vessel: SimulatedVesselPosition, at: Date): AisPositionReport {
  return {
    type: 1,
    mmsi: vessel.mmsi,
    lat: vessel.lat,
    lon: vessel.lon,
    sog: vessel.sog,
    cog: vessel.cog,
    heading: vessel.heading ?? null,
    accuracy: false,
    timestamp: at.getUTCSeconds(),
    navStatus: vessel.sog > 0.5 ? 0 : 1,
    rot: null,
  };
}

function staticReport(vessel: SimulatedVesselPosition): AisStaticReport {
  return {
    type: 5,
    mmsi: vessel.mmsi,
    imo: vessel.imo ?? null,
    callsign: null,
    shipName: vessel.shipName ?? null,
    shipType: 70,
    destination: null,
    draught: null,
    eta: null,
    dimensions: null,
  };
}
