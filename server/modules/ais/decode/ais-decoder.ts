import type { Clock } from "../../../core/clock";
import type { AisResult } from "../ais.types";
import { decodePayload } from "./ais-messages";
import { FragmentAssembler, parseVdmSentence } from "./nmea";

export { decodePayload } from "./ais-messages";

export interface AisDecoderOptions {
  clock: Clock;
  /** How long a multi-sentence message may wait for its other fragments. */
  fragmentTimeoutMs?: number;
}

/**
 * Turns a stream of NMEA lines into AIS messages. Holds the fragments of multi-sentence messages
 * in between, so one decoder per feed. Never throws: every problem is a typed error result.
 */
export class AisDecoder {
  readonly #assembler: FragmentAssembler;

  constructor(options: AisDecoderOptions) {
    this.#assembler = new FragmentAssembler({
      now: () => options.clock.now().getTime(),
      ...(options.fragmentTimeoutMs === undefined ? {} : { timeoutMs: options.fragmentTimeoutMs }),
    });
  }

  /** The results one line produced: none while a message waits for fragments, a message, errors. */
  push(line: string): AisResult[] {
    const parsed = parseVdmSentence(line);
    if (!parsed.ok) return [parsed];
    const { complete, dropped } = this.#assembler.push(parsed.sentence);
    const results: AisResult[] = dropped.map((error) => ({ ok: false, error }));
    if (complete) {
      const decoded = decodePayload(complete.payload, complete.fillBits);
      results.push(
        decoded.ok
          ? decoded
          : { ok: false, error: { ...decoded.error, sentence: complete.sentences.join("\n") } },
      );
    }
    return results;
  }

  /** Errors for the multi-sentence messages that timed out; call now and then on a quiet feed. */
  expire(): AisResult[] {
    return this.#assembler.expire().map((error) => ({ ok: false, error }));
  }

  /** Errors for every message still waiting for fragments, at the end of the input. */
  end(): AisResult[] {
    return this.#assembler.flush().map((error) => ({ ok: false, error }));
  }
}

/** Decodes one message from its sentence(s), in order; incomplete input is an INCOMPLETE error. */
export function decodeAisSentences(
  sentences: string[],
  clock: Clock = { now: () => new Date(0) },
): AisResult {
  const decoder = new AisDecoder({ clock });
  for (const line of sentences) {
    const [result] = decoder.push(line);
    if (result) return result;
  }
  const [pending] = decoder.end();
  return pending ?? { ok: false, error: { code: "MALFORMED", reason: "no sentence" } };
}
