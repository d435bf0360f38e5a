import { readFileSync } from "node:fs";
import type { Place } from "./carriers.types";

// The UN/LOCODE seaport table (data/SOURCE.md): names for the codes DCSA transport calls carry,
// and coordinates for the simulator. Loaded once, on first use.

export interface Seaport {
  locode: string;
  name: string;
  lat: number;
  lon: number;
}

let table: Map<string, Seaport> | null = null;

function load(): Map<string, Seaport> {
  const text = readFileSync(new URL("./data/seaports.csv", import.meta.url), "utf8");
  const ports = new Map<string, Seaport>();
  for (const line of text.split("\n").slice(1)) {
    const row = parseCsvLine(line);
    const [locode, name, lat, lon] = row;
    if (!locode || name === undefined || lat === undefined || lon === undefined) continue;
    ports.set(locode, { locode, name, lat: Number(lat), lon: Number(lon) });
  }
  return ports;
}

/** One CSV record per line (no embedded newlines in this file); quotes hold commas. */
function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = "";
      i += 1;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (line[i] === '"') {
          i += 1;
          break;
        } else {
          value += line[i];
          i += 1;
        }
      }
      fields.push(value);
      i += 1;
    } else {
      const end = line.indexOf(",", i);
      const stop = end === -1 ? line.length : end;
      fields.push(line.slice(i, stop));
      i = stop + 1;
    }
  }
  return fields;
}

export function seaport(locode: string): Seaport | undefined {
  table ??= load();
  return table.get(locode.toUpperCase());
}

/** A place named from the table, else by the carrier's own name, else by the bare code. */
export function placeFor(locode: string | null | undefined, carrierName?: string | null): Place | null {
  if (!locode) return carrierName ? { locode: null, name: carrierName } : null;
  const code = locode.toUpperCase();
  return { locode: code, name: seaport(code)?.name ?? carrierName ?? code };
}

export function seaportCount(): number {
  table ??= load();
  return table.size;
}
