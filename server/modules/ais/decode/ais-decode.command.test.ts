import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { runAisDecodeCommand } from "./ais-decode.command";

async function run(input: string[] | string, args: string[] = []) {
  const out: string[] = [];
  const err: string[] = [];
  const chunks = typeof input === "string" ? [input] : input;
  const code = await runAisDecodeCommand(
    args,
    (l) => out.push(l),
    Readable.from(chunks.map((c) => Buffer.from(c))),
    (l) => err.push(l),
  );
  return { code, out: out.map((l) => JSON.parse(l)), err };
}

const SAMPLE = [
  "!AIVDM,1,1,,B,15M67FC000G?ufbE`FepT@3n00Sa,0*5C",
  "!AIVDM,1,1,,B,15M67FC000G?ufbE`FepT@3n00Sa,0*5D",
  "!AIVDM,2,1,1,A,55?MbV02;H;s<HtKR20EHE:0@T4@Dn2222222216L961O5Gf0NSQEp6ClRp8,0*1C",
  "!AIVDM,2,2,1,A,88888888880,2*25",
  "garbage",
  "",
  "!AIVDM,1,1,,A,403OviQuMGCqWrRO9>E6fE700@GO,0*4D",
  "!AIVDM,1,1,,A,B52K>;h00Fc>jpUlNV@ikwpUoP06,0*4C",
  "!AIVDM,2,1,9,A,538CQ>02A;h?D9QC800pu8@T>0P4l9E8L0000017Ah:;;5r50Ahm5;C0,0*0F",
].join("\r\n");

describe("npm run admin -- ais-decode", () => {
  it("prints one JSON object per message and reports bad lines on stderr without stopping", async () => {
    const { code, out, err } = await run(SAMPLE);
    expect(code).toBe(0);
    expect(out).toEqual([
      expect.objectContaining({
        type: 1,
        mmsi: 366053209,
        lat: 37.802118,
        lon: -122.341618,
        sog: 0,
        cog: 219.3,
        heading: 1,
      }),
      expect.objectContaining({
        type: 5,
        mmsi: 351759000,
        imo: 9134270,
        callsign: "3FOF8",
        shipName: "EVER DIADEM",
        shipType: 70,
        destination: "NEW YORK",
        draught: 12.2,
      }),
      expect.objectContaining({
        type: 18,
        mmsi: 338087471,
        lat: 40.68454,
        lon: -74.072132,
        sog: 0.1,
        cog: 79.6,
        heading: null,
      }),
    ]);
    expect(err).toEqual([
      "line 2: BAD_CHECKSUM: checksum 5D, computed 5C: !AIVDM,1,1,,B,15M67FC000G?ufbE`FepT@3n00Sa,0*5D",
      "line 5: MALFORMED: no NMEA sentence: garbage",
      "line 7: UNSUPPORTED_TYPE: message type 4: !AIVDM,1,1,,A,403OviQuMGCqWrRO9>E6fE700@GO,0*4D",
      "end of input: INCOMPLETE: multi-sentence message input ended: 1 of 2 fragments: !AIVDM,2,1,9,A,538CQ>02A;h?D9QC800pu8@T>0P4l9E8L0000017Ah:;;5r50Ahm5;C0,0*0F",
    ]);
  });

  it("joins lines split across reads and decodes a last line without a newline", async () => {
    const line = "!AIVDM,1,1,,A,H42O55i18tMET00000000000000,2*6D";
    const { out, err } = await run([
      line.slice(0, 10),
      `${line.slice(10)}\n!AIVDM,1,1,,A,H42O55lti4hhh`,
      "ilD3nink000?050,0*40",
    ]);
    expect(err).toEqual([]);
    expect(out).toEqual([
      expect.objectContaining({ type: 24, mmsi: 271041815, shipName: "PROGUY" }),
      expect.objectContaining({ type: 24, mmsi: 271041815, callsign: "TC6163", shipType: 60 }),
    ]);
  });

  it("refuses unknown arguments", async () => {
    const { code, err } = await run("", ["--bogus"]);
    expect(code).toBe(2);
    expect(err[0]).toContain("Unknown argument: --bogus");
  });
});
