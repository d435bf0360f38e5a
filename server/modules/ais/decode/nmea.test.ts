import { describe, expect, it } from "vitest";
import { TestClock } from "../../../core/clock";
import { decoded, errorOf } from "./ais-decode.testkit";
import { AisDecoder, decodeAisSentences } from "./ais-decoder";
import { nmeaChecksum } from "./nmea";

// Sentence-level rules: checksums, fields, fill bits and the reassembly of multi-sentence messages,
// on published sentences (gpsd, pyais) and variants of them with recomputed checksums.

/** A sentence from its body, with a correct checksum: to make variants of published sentences. */
const sentence = (body: string) =>
  `!${body}*${nmeaChecksum(body).toString(16).toUpperCase().padStart(2, "0")}`;

describe("fill bits", () => {
  it("counts the fill bits out of the message length", () => {
    // Part A is exactly 160 bits: 27 characters are 162 bits, less 2 fill bits.
    const body = "AIVDM,1,1,,A,H42O55i18tMET00000000000000";
    expect(decoded(sentence(`${body},2`))).toMatchObject({ shipName: "PROGUY" });
    const short = errorOf(decodeAisSentences([sentence(`${body},5`)]));
    expect(short).toMatchObject({ code: "MALFORMED", reason: "type 24 part A needs 160 bits, got 157" });
  });

  it("takes the fill bits of a multi-sentence message from its last fragment", () => {
    const first = "!AIVDM,2,1,1,A,55?MbV02;H;s<HtKR20EHE:0@T4@Dn2222222216L961O5Gf0NSQEp6ClRp8,0*1C";
    const last = sentence("AIVDM,2,2,1,A,8,0"); // 61 characters: 366 bits, far short of 424
    expect(errorOf(decodeAisSentences([first, last]))).toMatchObject({
      code: "MALFORMED",
      reason: "type 5 needs 424 bits, got 366",
    });
  });
});

describe("invalid input is a typed error, never a throw", () => {
  it("rejects a bad checksum", () => {
    const error = errorOf(decodeAisSentences(["!AIVDM,1,1,,B,15M67FC000G?ufbE`FepT@3n00Sa,0*5D"]));
    expect(error).toMatchObject({ code: "BAD_CHECKSUM", reason: "checksum 5D, computed 5C" });
  });

  it("rejects a corrupted payload through the checksum", () => {
    const error = errorOf(decodeAisSentences(["!AIVDM,1,1,,B,15M67FC000G?ufbE`FepT@3n00Sb,0*5C"]));
    expect(error.code).toBe("BAD_CHECKSUM");
  });

  it("reports a message type it does not decode", () => {
    const error = errorOf(decodeAisSentences(["!AIVDM,1,1,,A,403OviQuMGCqWrRO9>E6fE700@GO,0*4D"]));
    expect(error).toMatchObject({ code: "UNSUPPORTED_TYPE", reason: "message type 4" });
  });

  it.each([
    ["no checksum", "!AIVDM,1,1,,B,15M67FC000G?ufbE`FepT@3n00Sa,0", "missing checksum"],
    ["not NMEA", "hello", "no NMEA sentence"],
    ["missing fields", sentence("AIVDM,1,1,B,15M67FC000G?ufbE`FepT@3n00Sa,0"), "6 fields, expected 7"],
    ["fragment past the count", sentence("AIVDM,1,2,,B,15M67FC000G?ufbE`FepT@3n00Sa,0"), "fragment 2 of 1"],
    [
      "character outside the armor",
      sentence("AIVDM,1,1,,B,15M67FC000G?ufbE`FepT@3n00S!,0"),
      'invalid payload character "!"',
    ],
    ["fill bits out of range", sentence("AIVDM,1,1,,B,15M67FC000G?ufbE`FepT@3n00Sa,6"), 'fill bits "6"'],
    ["too short for its type", sentence("AIVDM,1,1,,B,15M67FC000G?,0"), "type 1 needs 168 bits, got 72"],
  ])("is MALFORMED: %s", (_, line, reason) => {
    expect(errorOf(decodeAisSentences([line]))).toMatchObject({ code: "MALFORMED", reason });
  });

  it("reports other NMEA sentences as unsupported", () => {
    const gga = sentence("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,").replace("!", "$");
    expect(errorOf(decodeAisSentences([gga]))).toMatchObject({
      code: "UNSUPPORTED_SENTENCE",
      reason: "sentence GPGGA",
    });
  });

  it("accepts a sentence behind an NMEA 4 tag block and other talkers (base stations)", () => {
    expect(
      decoded("\\s:2573135,c:1671620143*0B\\!AIVDM,1,1,,B,15M67FC000G?ufbE`FepT@3n00Sa,0*5C"),
    ).toMatchObject({
      mmsi: 366053209,
    });
    expect(decoded(sentence("BSVDM,1,1,,B,15M67FC000G?ufbE`FepT@3n00Sa,0"))).toMatchObject({
      mmsi: 366053209,
    });
  });
});

describe("multi-sentence reassembly", () => {
  const part1 = "!AIVDM,2,1,1,A,55?MbV02;H;s<HtKR20EHE:0@T4@Dn2222222216L961O5Gf0NSQEp6ClRp8,0*1C";
  const part2 = "!AIVDM,2,2,1,A,88888888880,2*25";
  const hamburg1 = "!AIVDM,2,1,9,A,538CQ>02A;h?D9QC800pu8@T>0P4l9E8L0000017Ah:;;5r50Ahm5;C0,0*0F";
  const hamburg2 = "!AIVDM,2,2,9,A,F@V@00000000000,2*3D";

  it("reports an incomplete message at the end of input", () => {
    expect(errorOf(decodeAisSentences([part1]))).toMatchObject({
      code: "INCOMPLETE",
      reason: "multi-sentence message input ended: 1 of 2 fragments",
      sentence: part1,
    });
  });

  it("drops an incomplete message when a new one starts with the same id and channel", () => {
    const decoder = new AisDecoder({ clock: new TestClock() });
    expect(decoder.push(part1)).toEqual([]);
    const restarted = decoder.push(part1);
    expect(restarted).toHaveLength(1);
    expect(errorOf(restarted[0])).toMatchObject({
      code: "INCOMPLETE",
      reason: expect.stringContaining("overtaken"),
    });
    const [done] = decoder.push(part2);
    expect(done).toMatchObject({ ok: true, message: { shipName: "EVER DIADEM" } });
  });

  it("drops a message whose fragments do not all arrive within the timeout", () => {
    const clock = new TestClock();
    const decoder = new AisDecoder({ clock, fragmentTimeoutMs: 2000 });
    decoder.push(part1);
    clock.advance(1999);
    expect(decoder.expire()).toEqual([]);
    clock.advance(1);
    expect(errorOf(decoder.expire()[0])).toMatchObject({
      code: "INCOMPLETE",
      reason: expect.stringContaining("timed out"),
    });
    // The late second fragment alone does not make a message.
    expect(decoder.push(part2)).toEqual([]);
    expect(errorOf(decoder.end()[0]).code).toBe("INCOMPLETE");
  });

  it("keeps interleaved messages with different ids apart", () => {
    const decoder = new AisDecoder({ clock: new TestClock() });
    const results = [part1, hamburg1, part2, hamburg2].flatMap((line) => decoder.push(line));
    expect(results.map((r) => r.ok && r.message.type === 5 && r.message.shipName)).toEqual([
      "EVER DIADEM",
      "NORDIC HAMBURG",
    ]);
  });

  it("does not join fragments heard on different channels", () => {
    const decoder = new AisDecoder({ clock: new TestClock() });
    const otherChannel = sentence("AIVDM,2,2,1,B,88888888880,2");
    expect([part1, otherChannel].flatMap((line) => decoder.push(line))).toEqual([]);
    expect(decoder.end().map((r) => !r.ok && r.error.code)).toEqual(["INCOMPLETE", "INCOMPLETE"]);
  });
});
