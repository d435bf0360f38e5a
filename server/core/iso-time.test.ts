import { describe, expect, it } from "vitest";
import { seeded } from "../../tests/setup/seeded-random";
import { isoSeconds, isoUtc, parseIsoTime } from "./iso-time";

// The arithmetic forms must give exactly what Date gives: the snapshot hash of every stored history
// was taken with Date's reading and writing of its times.

describe("isoUtc", () => {
  it("writes what toISOString writes", () => {
    const random = seeded(1970);
    const instants = [
      0, 951_782_400_000, 4_107_542_400_000, 253_402_300_799_999, 253_402_300_800_000, -1, 1.5,
    ];
    for (const year of [1970, 2000, 2024, 2100, 2400, 9999])
      for (const month of [0, 1, 2, 11])
        for (const day of [1, 28, 29, 30, 31]) instants.push(Date.UTC(year, month, day) + 86_399_999);
    for (let i = 0; i < 20_000; i += 1) instants.push(Math.floor(random() * 253_402_300_800_000));
    for (const ms of instants) expect(isoUtc(ms)).toBe(new Date(ms).toISOString());
  });

  it("writes a time to the second with the suffix asked for, as toISOString would without milliseconds", () => {
    const random = seeded(2026);
    const instants = [0, 999, 1000, -1, -1001, 253_402_300_799_999, 253_402_300_800_000, 1.5];
    for (let i = 0; i < 20_000; i += 1) instants.push(Math.floor(random() * 253_402_300_800_000));
    for (const ms of instants) {
      const whole = new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "");
      expect(isoSeconds(ms, "Z")).toBe(`${whole}Z`);
      expect(isoSeconds(ms, "+09:00")).toBe(`${whole}+09:00`);
    }
  });
});

describe("parseIsoTime", () => {
  it("reads what Date.parse reads, in and out of the forms it computes itself", () => {
    const random = seeded(2026);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const pad = (n: number, width: number) => String(n).padStart(width, "0");
    const samples: string[] = [
      "2026-01-21T02:30:00+08:00",
      "2026-02-26T13:00:00Z",
      "2026-02-26T05:00:00.000-08:00",
      "2026-03-01T00:00:00.123456+05:30",
      "2026-02-30T10:00:00Z",
      "2024-02-29T00:00:00-23:59",
      "2026-01-01T24:00:00Z",
      "2026-01-01T23:59:60Z",
      "2026-01-01T00:00:00+24:00",
      "0999-01-01T00:00:00Z",
      "1969-12-31T23:59:59.999Z",
      "2026-01-01T00:00:00.Z",
      "2026-01-01T00:00:00z",
      "2026-01-01 00:00:00Z",
      "2026-01-01T00:00Z",
      "2026-01-01T00:00:00",
      "2026-01-01T00:00:00+0100",
      "not a time",
      "",
    ];
    for (let i = 0; i < 20_000; i += 1) {
      const fraction = pick([
        "",
        "",
        ".",
        `.${pad(Math.floor(random() * 1e9), 9).slice(0, 1 + Math.floor(random() * 9))}`,
      ]);
      const offset = pick([
        "Z",
        "Z",
        `${pick(["+", "-"])}${pad(Math.floor(random() * 26), 2)}:${pad(Math.floor(random() * 62), 2)}`,
        "",
      ]);
      samples.push(
        `${pad(1960 + Math.floor(random() * 90), 4)}-${pad(Math.floor(random() * 14), 2)}-${pad(Math.floor(random() * 33), 2)}T` +
          `${pad(Math.floor(random() * 25), 2)}:${pad(Math.floor(random() * 61), 2)}:${pad(Math.floor(random() * 61), 2)}${fraction}${offset}`,
      );
    }
    for (const time of samples) expect(parseIsoTime(time), time).toBe(Date.parse(time));
  });
});
