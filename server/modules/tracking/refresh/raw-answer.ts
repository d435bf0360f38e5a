import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";

// The carrier's answer as the latest history keeps it: its JSON text, brotli-compressed by the
// worker (docs/decisions/0097-raw-answer-compressed-by-the-worker.md). Postgres compressed the text
// itself (pglz) for three times the CPU, inside the refresh's transaction, into more bytes.

/**
 * Brotli's fastest quality with a 64 KiB window: on the simulator's answers (15 KB of JSON) about
 * 20 µs each into 2.0 KB, where quality 1 took 32 µs into 1.8 KB and pglz some 70 µs into 2.5 KB.
 * An answer larger than the window still compresses, a little less.
 */
export function packRawAnswer(text: string): Buffer {
  const bytes = Buffer.from(text, "utf8");
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 0,
      [constants.BROTLI_PARAM_LGWIN]: 16,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/**
 * The carrier's answer a history keeps, whichever way it was stored: brotli-compressed text (from
 * migration 0028 on), the text as such (0025), or parsed JSON (before): null once superseded.
 */
export function unpackRawAnswer(row: {
  rawPayloadBrotli: Uint8Array | null;
  rawPayloadText: string | null;
  rawPayload: unknown;
}): string | null {
  if (row.rawPayloadBrotli) return brotliDecompressSync(row.rawPayloadBrotli).toString("utf8");
  if (row.rawPayloadText !== null) return row.rawPayloadText;
  return row.rawPayload === null || row.rawPayload === undefined ? null : JSON.stringify(row.rawPayload);
}
