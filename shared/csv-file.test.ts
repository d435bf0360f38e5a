import { describe, expect, it } from "vitest";
import { decodeCsvBytes, encodeShiftJis, parseCsvText, toCsvText } from "./csv-file";

const utf8 = (text: string) => new TextEncoder().encode(text);

describe("decodeCsvBytes", () => {
  it("reads UTF-8 and drops a byte-order mark", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("Title\n東京行き\n")]);
    expect(decodeCsvBytes(bytes)).toBe("Title\n東京行き\n");
  });

  it("reads Shift JIS as Excel writes it", () => {
    const bytes = encodeShiftJis("Title\n横浜向け　冷凍貨物\n");
    // Really Shift JIS: 横 is 0x89 0xA1, which is not valid UTF-8.
    expect(Array.from(bytes.slice(6, 8))).toEqual([0x89, 0xa1]);
    expect(decodeCsvBytes(bytes)).toBe("Title\n横浜向け　冷凍貨物\n");
  });

  it("reads the Windows-31J characters Excel writes beyond JIS X 0208, from fixed bytes", () => {
    // ① (NEC row 13), ～ (full-width tilde), ｱ (half-width katakana), 髙 (IBM extension), ㈱.
    const bytes = new Uint8Array([0x87, 0x40, 0x81, 0x60, 0xb1, 0xfb, 0xfc, 0x87, 0x8a, 0x0a]);
    expect(decodeCsvBytes(bytes)).toBe("①\uff5eｱ髙㈱\n");
  });

  it("keeps plain ASCII as it is", () => {
    expect(decodeCsvBytes(utf8("Liner,TrackingNumber\r\nONE,ABC\r\n"))).toBe(
      "Liner,TrackingNumber\r\nONE,ABC\r\n",
    );
  });
});

describe("parseCsvText", () => {
  it("keys records by the trimmed header and numbers them as a spreadsheet does", () => {
    const table = parseCsvText(' Liner , Title\r\nONE,"a, quoted\r\ntitle"\r\n\r\nMSC,b\r\n');
    expect(table.header).toEqual(["Liner", "Title"]);
    expect(table.records).toEqual([
      { lineNo: 2, values: { Liner: "ONE", Title: "a, quoted\r\ntitle" } },
      { lineNo: 4, values: { Liner: "MSC", Title: "b" } },
    ]);
    expect(table.parseErrors).toEqual([]);
  });

  it("reports a malformed quote with its row", () => {
    const table = parseCsvText('A,B\n1,"unterminated\n');
    expect(table.parseErrors.length).toBeGreaterThan(0);
    expect(table.parseErrors[0]?.lineNo).toBe(2);
  });

  it("has no header for an empty file", () => {
    expect(parseCsvText("\n\n").header).toEqual([]);
  });
});

describe("toCsvText", () => {
  it("quotes what needs quoting and ends lines with CRLF", () => {
    expect(
      toCsvText([
        ["a", 'say "hi"', null],
        [1, "x,y", undefined],
      ]),
    ).toBe('a,"say ""hi""",\r\n1,"x,y",');
  });

  it("neutralizes formula cells only when asked", () => {
    const row = [["=SUM(A1)", "+1", "-2", "@cmd", "safe"]];
    expect(toCsvText(row)).toBe("=SUM(A1),+1,-2,@cmd,safe");
    expect(toCsvText(row, { neutralize: true })).toBe(`"'=SUM(A1)","'+1","'-2","'@cmd",safe`);
  });
});

describe("export → import", () => {
  const header = ["Title", "Remarks", "ETA delay", "Custom"];
  const rows = [
    ['=HYPERLINK("http://evil.example")', "+81 3 1234 5678", "-2", "@SUM(A1)"],
    ["'=already quoted once", "''+twice", "'plain quote", "\tTabbed"],
    ["東京向け家具", "備考：=お客様へ", "0", "It's fine"],
    ["-", "'", "''", ""],
  ];

  const roundTrip = (bytes: Uint8Array) => {
    const table = parseCsvText(decodeCsvBytes(bytes));
    return table.records.map((r) => header.map((h) => r.values[h]));
  };

  it("gives back every cell exactly, in UTF-8", () => {
    const text = toCsvText([header, ...rows], { neutralize: true });
    // Exported, the formula-like cells cannot run in a spreadsheet.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(text).toContain(`"''=already quoted once"`);
    expect(roundTrip(new TextEncoder().encode(text))).toEqual(rows);
    // Twice round: still the same (no quote added per cycle).
    const again = toCsvText([header, ...roundTrip(new TextEncoder().encode(text))], { neutralize: true });
    expect(again).toBe(text);
  });

  it("gives back every cell exactly, in Shift JIS as Excel in Japan saves it", () => {
    const text = toCsvText([header, ...rows], { neutralize: true });
    expect(roundTrip(encodeShiftJis(text))).toEqual(rows);
  });

  it("leaves a quote that export did not add, and files that were never exported", () => {
    expect(parseCsvText("Title\r\n'Quoted title\r\n=1+1\r\n").records.map((r) => r.values.Title)).toEqual([
      "'Quoted title",
      "=1+1",
    ]);
  });
});
