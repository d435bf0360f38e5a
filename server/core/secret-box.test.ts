import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox, secretKeyFrom } from "./secret-box";

describe("secret box", () => {
  const box = createSecretBox(randomBytes(32));

  it("opens what it sealed, and seals the same text differently each time", () => {
    const a = box.seal("whsec_abc");
    expect(box.open(a)).toBe("whsec_abc");
    expect(box.seal("whsec_abc")).not.toBe(a);
    expect(a).not.toContain("whsec_abc");
  });

  it("refuses altered text and another key", () => {
    const sealed = box.seal("password");
    const last = sealed.at(-1) === "A" ? "B" : "A";
    expect(() => box.open(sealed.slice(0, -1) + last)).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
  });

  it("signs per purpose", () => {
    expect(box.sign("storage", "x").equals(box.sign("storage", "x"))).toBe(true);
    expect(box.sign("storage", "x").equals(box.sign("other", "x"))).toBe(false);
  });

  it("requires a 32-byte key in production", () => {
    expect(() => secretKeyFrom({ NODE_ENV: "production", SECRETS_KEY: undefined })).toThrow();
    expect(() => secretKeyFrom({ NODE_ENV: "production", SECRETS_KEY: "c2hvcnQ=" })).toThrow();
    expect(
      secretKeyFrom({ NODE_ENV: "production", SECRETS_KEY: randomBytes(32).toString("base64") }),
    ).toHaveLength(32);
    expect(secretKeyFrom({ NODE_ENV: "test", SECRETS_KEY: undefined })).toHaveLength(32);
  });
});
