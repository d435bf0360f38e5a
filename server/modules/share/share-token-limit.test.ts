import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { factories } from "../../../tests/factories";
import { Client, signInAs } from "../../../tests/rest/auth-client";
import { createTestApp, type TestApp } from "../../../tests/setup/app";
import { SHARE_LOOKUP_MISSES } from "./share.limits";

// Every call that looks a shipment up by its share token (the page, and its files: list, upload,
// download, delete) counts its misses against one limit per address, so a caller cannot guess
// tokens through the calls that did not count them. Through the app, as the console calls them.

let t: TestApp;
let ipSeq = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function guestAt(ip: string) {
  const f = factories(t.database.db, t.clock.now());
  const owner = await f.companyWith("ADMIN", { company: { isConnectEnabled: true } });
  const shipment = await f.shipment(owner.team);
  const guest = await f.user({ email: `guest-${++ipSeq}@partner.example` });
  const browser = await signInAs(new Client(t.app, { ip }), t.database.db, guest);
  return { browser, token: shipment.shareToken ?? "" };
}

describe("one share-miss limit for every lookup by share token", () => {
  it("counts misses of share.shipment and of the files' calls together, then answers 429 to both", async () => {
    const ip = "203.0.113.7";
    const { browser, token } = await guestAt(ip);
    const half = Math.floor(SHARE_LOOKUP_MISSES.limit / 2);
    for (let i = 0; i < half; i++) {
      expect((await browser.query("share.shipment", { shareToken: `guess-page-${i}` })).status).toBe(404);
    }
    const misses = [
      () => browser.query("attachments.guestList", { shareToken: "guess-list" }),
      () =>
        browser.mutate("attachments.guestDownloadUrl", {
          shareToken: "guess-download",
          attachmentId: "00000000-0000-4000-8000-000000000000",
        }),
      () =>
        browser.mutate("attachments.guestGenerateUploadUrl", {
          shareToken: "guess-upload",
          filename: "a.pdf",
          contentType: "application/pdf",
          fileSizeBytes: 10,
        }),
    ];
    for (let i = half; i < SHARE_LOOKUP_MISSES.limit; i++) {
      const miss = misses[i % misses.length];
      if (!miss) throw new Error("no call");
      expect((await miss()).status).toBe(404);
    }
    // The window's misses are used up: every lookup by token from this address is refused,
    // the real link too, through the page and through its files.
    const listed = await browser.query("attachments.guestList", { shareToken: token });
    expect(listed.status).toBe(429);
    expect(listed.error?.data.appCode).toBe("RATE_LIMITED");
    expect((await browser.query("share.shipment", { shareToken: token })).status).toBe(429);
    expect((await browser.query("attachments.guestList", { shareToken: "guess-more" })).status).toBe(429);
  });

  it("refuses the files' calls after misses on the page alone, and leaves other addresses alone", async () => {
    const { browser } = await guestAt("203.0.113.8");
    for (let i = 0; i < SHARE_LOOKUP_MISSES.limit; i++) {
      await browser.query("share.shipment", { shareToken: `guess-${i}` });
    }
    expect((await browser.query("attachments.guestList", { shareToken: "guess-list" })).status).toBe(429);
    const other = await guestAt("203.0.113.9");
    expect((await other.browser.query("attachments.guestList", { shareToken: other.token })).status).toBe(
      200,
    );
  });
});
