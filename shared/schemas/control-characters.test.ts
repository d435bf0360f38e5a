import { describe, expect, it } from "vitest";
import { DisplayName, UpdateAccountInput } from "./auth";
import { hasControlCharacters, optionalText, requiredString } from "./common";
import { findControlCharacters } from "./control-characters";
import { CreateTeamInput, CustomFieldSettings } from "./teams";
import { keysByPath, parsed } from "./testkit";

// NUL and other control characters are refused where text enters, with a message, instead of
// reaching Postgres (which answers NUL with a server error).

const KEY = "validation.controlCharacters";

describe("control characters in text fields", () => {
  it("finds C0 controls and DEL, but not tab, line breaks or ordinary text", () => {
    for (const bad of ["\u0000", "a\u0001b", "x\u001b[31m", "\u007f", "\u000b", "\u000c"]) {
      expect(hasControlCharacters(bad), JSON.stringify(bad)).toBe(true);
    }
    for (const good of ["Tokyo 東京", "line\nbreak", "tab\there", "crlf\r\n", "émoji 🚢", ""]) {
      expect(hasControlCharacters(good), JSON.stringify(good)).toBe(false);
    }
  });

  it("required and optional strings refuse them with their own message", () => {
    expect(
      requiredString()
        .safeParse("A\u0000B")
        .error?.issues.map((i) => i.message),
    ).toEqual([KEY]);
    expect(
      optionalText()
        .safeParse("x\u0000")
        .error?.issues.map((i) => i.message),
    ).toEqual([KEY]);
    expect(optionalText().parse(null)).toBeNull();
    expect(requiredString().parse("  Multi\nline  ")).toBe("Multi\nline");
  });

  it("names at sign-up, in the account and of teams refuse NUL", () => {
    expect(DisplayName.safeParse("Ta\u0000ro").success).toBe(false);
    expect(keysByPath(UpdateAccountInput, { nickname: "A\u0000" })).toEqual({ nickname: [KEY] });
    expect(keysByPath(CreateTeamInput, { name: "Team\u0000" })).toEqual({ name: [KEY] });
    expect(parsed(CreateTeamInput, { name: "Team 1" })).toEqual({ name: "Team 1" });
    expect(
      keysByPath(CustomFieldSettings, {
        customField1Name: "PO\u0007",
        customField2Name: null,
        customField3Name: null,
        customField1Enabled: true,
        customField2Enabled: false,
        customField3Enabled: false,
      }).customField1Name,
    ).toEqual([KEY]);
  });
});

describe("the one rule over a whole input", () => {
  it("names the path of the first string or key holding one, anywhere in the input", () => {
    expect(findControlCharacters({ a: ["ok", { b: "x\u0000" }] })).toEqual(["a", 1, "b"]);
    expect(findControlCharacters({ "k\u0007": 1 })).toEqual(["k\u0007"]);
    expect(findControlCharacters("\u001b")).toEqual([]);
    expect(findControlCharacters(new URLSearchParams("q=a%00b"))).toEqual(["q"]);
    const query = Object.create(Object.create(null)) as Record<string, string>;
    query.token = "x\u0000y";
    expect(findControlCharacters(query)).toEqual(["token"]);
  });

  it("passes ordinary input, binary bodies and cycles", () => {
    expect(findControlCharacters({ a: "line\nbreak\ttab", n: 1, b: true, z: null, list: [] })).toBeNull();
    expect(findControlCharacters(Buffer.from([0, 1, 2]))).toBeNull();
    const cyclic: Record<string, unknown> = { name: "ok" };
    cyclic.self = cyclic;
    expect(findControlCharacters(cyclic)).toBeNull();
  });

  it("walks a deeply nested body without overflowing the stack", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findControlCharacters(deep)).toHaveLength(100_000);
  });
});
