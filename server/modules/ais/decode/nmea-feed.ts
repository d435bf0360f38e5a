import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../../core/clock";
import type { AisDecodeError, AisErrorCode, AisMessage } from "../ais.types";
import { AisDecoder } from "./ais-decoder";

export type AisMessageHandler = (message: AisMessage) => void;

export interface FeedStats {
  lines: number;
  messages: number;
  errors: Partial<Record<AisErrorCode, number>>;
}

export function emptyStats(): FeedStats {
  return { lines: 0, messages: 0, errors: {} };
}

/**
 * One NMEA feed: lines in, decoded messages out. Bad lines are counted and logged at debug level,
 * since real feeds carry a steady trickle of corrupted sentences and other traffic.
 */
export class NmeaLineFeed {
  readonly stats: FeedStats = emptyStats();
  readonly #decoder: AisDecoder;
  readonly #onMessage: AisMessageHandler;
  readonly #log: FastifyBaseLogger;

  constructor(options: { clock: Clock; log: FastifyBaseLogger; onMessage: AisMessageHandler }) {
    this.#decoder = new AisDecoder({ clock: options.clock });
    this.#onMessage = options.onMessage;
    this.#log = options.log;
  }

  line(text: string): void {
    if (text.trim() === "") return;
    this.stats.lines += 1;
    for (const result of this.#decoder.push(text)) {
      if (result.ok) {
        this.stats.messages += 1;
        this.#onMessage(result.message);
      } else this.#error(result.error);
    }
  }

  /** Drops multi-sentence messages that will not complete; call on a timer. */
  expire(): void {
    for (const result of this.#decoder.expire()) if (!result.ok) this.#error(result.error);
  }

  #error(error: AisDecodeError) {
    this.stats.errors[error.code] = (this.stats.errors[error.code] ?? 0) + 1;
    this.#log.debug(
      { code: error.code, reason: error.reason, sentence: error.sentence },
      "AIS sentence skipped",
    );
  }
}

/** Cuts a byte stream into lines; a "line" that never ends is dropped rather than buffered forever. */
export class LineSplitter {
  #rest = "";
  readonly #maxLength: number;

  constructor(maxLength = 4096) {
    this.#maxLength = maxLength;
  }

  push(chunk: string): string[] {
    const lines = (this.#rest + chunk).split(/\r?\n|\r/);
    this.#rest = lines.pop() ?? "";
    if (this.#rest.length > this.#maxLength) this.#rest = "";
    return lines;
  }

  /** What is left once the stream ended (a last line without a newline). */
  end(): string[] {
    const rest = this.#rest;
    this.#rest = "";
    return rest === "" ? [] : [rest];
  }
}
