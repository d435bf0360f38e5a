import { Writable } from "node:stream";
import pino from "pino";
import { safeLoggerOptions } from "./log-safety";

// Log lines kept in memory, for tests that assert what the logs hold (and what they leave out).

/** A stream to give pino or Fastify's logger, and the lines written to it. */
export function memoryStream() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, lines, text: () => lines.join("") };
}

/** A logger with the app's redaction options (info and up) writing into memory. */
export function memoryLog() {
  const { stream, lines, text } = memoryStream();
  return { lines, text, log: pino({ level: "info", ...safeLoggerOptions }, stream) };
}
