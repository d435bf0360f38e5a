import { systemClock } from "../../../core/clock";
import type { AisResult } from "../ais.types";
import { AisDecoder } from "./ais-decoder";
import { LineSplitter } from "./nmea-feed";

const USAGE = `Usage: npm run admin -- ais-decode < sentences.nmea

Reads NMEA lines (AIVDM/AIVDO) on standard input and prints one JSON object per decoded message.
Lines that cannot be decoded are reported on standard error with the reason; the run goes on.`;

/**
 * `npm run admin -- ais-decode`: an operator's look at a feed. Needs no database, so the CLI can
 * run it before opening one.
 */
export async function runAisDecodeCommand(
  args: string[],
  out: (line: string) => void,
  stdin: AsyncIterable<string | Buffer> = process.stdin,
  err: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    out(USAGE);
    return 0;
  }
  if (args.length > 0) {
    err(`Unknown argument: ${args[0]}\n\n${USAGE}`);
    return 2;
  }
  const decoder = new AisDecoder({ clock: systemClock });
  const lines = new LineSplitter(64 * 1024);
  let number = 0;
  const report = (where: string, results: AisResult[]) => {
    for (const result of results) {
      if (result.ok) out(JSON.stringify(result.message));
      else {
        const { code, reason, sentence } = result.error;
        err(`${where}: ${code}: ${reason}${sentence ? `: ${sentence.replaceAll("\n", " ")}` : ""}`);
      }
    }
  };
  const decode = (line: string) => {
    number += 1;
    if (line.trim() !== "") report(`line ${number}`, decoder.push(line));
  };
  for await (const chunk of stdin) {
    for (const line of lines.push(typeof chunk === "string" ? chunk : chunk.toString("latin1"))) decode(line);
  }
  for (const line of lines.end()) decode(line);
  report("end of input", decoder.end());
  return 0;
}
