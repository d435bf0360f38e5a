import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { generateTotpSecret, matchTotpStep, totpQrCodeDataUrl, totpUri } from "./mfa.totp";

const at = new Date("2026-03-02T09:00:10Z");
const stepOf = (date: Date) => Math.floor(date.getTime() / 30_000);
const shifted = (seconds: number) => new Date(at.getTime() + seconds * 1000);
const codeAt = (secret: string, date: Date) => generate({ secret, epoch: Math.floor(date.getTime() / 1000) });

describe("TOTP", () => {
  it("draws a new 160-bit base32 secret each time", () => {
    const a = generateTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(generateTotpSecret()).not.toBe(a);
  });

  it("matches a code to its time step by the given time, with one step of drift either way", async () => {
    const secret = generateTotpSecret();
    expect(await matchTotpStep(secret, await codeAt(secret, at), at)).toBe(stepOf(at));
    expect(await matchTotpStep(secret, await codeAt(secret, shifted(-30)), at)).toBe(stepOf(at) - 1);
    expect(await matchTotpStep(secret, await codeAt(secret, shifted(30)), at)).toBe(stepOf(at) + 1);
    expect(await matchTotpStep(secret, await codeAt(secret, shifted(-60)), at)).toBeNull();
    expect(await matchTotpStep(secret, await codeAt(secret, shifted(60)), at)).toBeNull();
    expect(await matchTotpStep(generateTotpSecret(), await codeAt(secret, at), at)).toBeNull();
  });

  it("writes an otpauth URI with the product as issuer and a QR code of it", async () => {
    const uri = totpUri("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", "a+b@example.com");
    expect(uri).toBe(
      "otpauth://totp/Tracking:a%2Bb%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Tracking",
    );
    expect(await totpQrCodeDataUrl(uri)).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
  });
});
