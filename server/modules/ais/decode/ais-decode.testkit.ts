import type { AisMessage, AisResult } from "../ais.types";
import { decodeAisSentences } from "./ais-decoder";

// What the decoder's tests read from a result: the message it decoded, or the error it gave.

/** The message the sentences decode to; throws with the decoder's reason when they do not. */
export function decoded(...sentences: string[]): AisMessage {
  const result = decodeAisSentences(sentences);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.reason}`);
  return result.message;
}

/** The error of a result expected to fail. */
export function errorOf(result: AisResult | undefined) {
  if (!result || result.ok) throw new Error(`expected an error, got ${JSON.stringify(result)}`);
  return result.error;
}
