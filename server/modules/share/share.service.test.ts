import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contextFor } from "../../../tests/setup/context";
import { setupDatabase } from "../../../tests/setup/db";
import { TestClock } from "../../core/clock";
import type { Actor } from "../../core/context";
import { companies, shipments, teams } from "../../db/schema";
import { giveHistory } from "../shipments/list/list.testkit";
import { codeOf } from "../shipments/shipments.testkit";
import { SHARE_LOOKUP_MISSES } from "./share.limits";
import { getSharedShipment } from "./share.service";
import { regenerateShareToken, revokeShareToken } from "./share-links.service";

const clock = new TestClock("2026-01-15T00:00:00Z");
const t = setupDatabase(clock.now());
const as = (who: Parameters<typeof contextFor>[1]) => contextFor(t.db, who, { clock });
const anonymous: Actor = { kind: "anonymous" };
let ipSeq = 0;
/** A fresh client address per test, so the per-address miss counter of one test never leaks into another. */
const ip = () => `198.51.100.${++ipSeq}`;
const lookup = (who: Parameters<typeof contextFor>[1], shareToken: string, from = ip()) =>
  getSharedShipment(as(who), { shareToken }, { ip: from });

async function world() {
  const { f } = t;
  const {
    company,
    team,
    user: operator,
  } = await f.companyWith("OPERATOR", {
    company: { isConnectEnabled: true },
  });
  let shipment = await f.shipment(team, {
    title: "Tokyo bikes",
    remark: "Customer pays late",
    customField1: "PO-SECRET-1",
    initialEtd: new Date("2026-01-10T00:00:00Z"),
    requestedEta: "2026-02-01",
    etdDelayDays: 2,
    delayDays: 3,
  });
  shipment = await giveHistory(t.db, shipment, {
    loadingPort: ["JPTYO", "Tokyo"],
    dischargingPort: ["USLAX", "Los Angeles"],
    departureTime: "2026-01-12T00:00:00Z",
    departureTimeStatus: "ACTUAL",
    arrivalTime: "2026-01-30T00:00:00Z",
    vessels: ["EVER GIVEN"],
    vesselVoyage: "EG 001E",
    containers: ["MSKU1234565"],
  });
  const foreign = await f.companyWith("ADMIN");
  const foreignShipment = await f.shipment(foreign.team);
  return { f, company, team, operator, shipment, foreign, foreignShipment };
}

describe("share.shipment: the public shape", () => {
  it("answers anyone holding the link with only the page's fields", async () => {
    const { shipment, company, team, operator } = await world();
    const shared = await lookup(anonymous, shipment.shareToken ?? "");
    expect(Object.keys(shared).sort()).toEqual(
      [
        "shareToken",
        "title",
        "trackingNumber",
        "trackingType",
        "shippingLine",
        "isArchived",
        "isFailing",
        "lastScrapedAt",
        "delayDays",
        "etdDelayDays",
        "initialEtd",
        "initialEta",
        "requestedEtd",
        "requestedEta",
        "requestedEtdDelayDays",
        "requestedEtaDelayDays",
        "teamPublicSettings",
        "latestHistory",
        "isConnectEnabled",
        "viewer",
      ].sort(),
    );
    expect(shared).toMatchObject({
      title: "Tokyo bikes",
      trackingNumber: shipment.trackingNumber,
      shippingLine: "MAERSK",
      isArchived: false,
      etdDelayDays: 2,
      delayDays: 3,
      isConnectEnabled: true,
      viewer: { signedIn: false, email: null, canUpload: false },
    });
    expect(shared.latestHistory).toMatchObject({
      loadingPort: { locode: "JPTYO" },
      dischargingPort: { locode: "USLAX" },
      departureTimeStatus: "ACTUAL",
      vesselVoyage: "EG 001E",
      vessels: [{ vesselName: "EVER GIVEN" }],
      containers: [{ containerNumber: "MSKU1234565" }],
    });
    const text = JSON.stringify(shared);
    for (const secret of [
      shipment.id,
      company.id,
      team.id,
      operator.id,
      operator.email,
      "Customer pays late",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain("PO-SECRET-1");
  });

  it("shows the initial and requested dates only where the owner's team shows them", async () => {
    const { shipment, team } = await world();
    const hidden = await lookup(anonymous, shipment.shareToken ?? "");
    expect(hidden).toMatchObject({ initialEtd: null, requestedEta: null, requestedEtaDelayDays: null });
    await t.db
      .update(teams)
      .set({ enableInitialEtd: true, enableRequestedEta: true })
      .where(eq(teams.id, team.id));
    const shown = await lookup(anonymous, shipment.shareToken ?? "");
    expect(shown).toMatchObject({
      initialEtd: "2026-01-10T00:00:00.000Z",
      requestedEta: "2026-02-01",
      initialEta: null,
      teamPublicSettings: { enableInitialEtd: true, enableRequestedEta: true, enableInitialEta: false },
    });
  });

  it("tells a signed-in visitor they may upload, when the owner has the connect feature", async () => {
    const { shipment, company, f } = await world();
    const partner = await f.user({ email: "Partner@Forwarder.example" });
    expect((await lookup(partner, shipment.shareToken ?? "")).viewer).toEqual({
      signedIn: true,
      email: "Partner@Forwarder.example",
      canUpload: true,
    });
    const unverified = await f.user({ isEmailVerified: false });
    expect((await lookup(unverified, shipment.shareToken ?? "")).viewer.signedIn).toBe(false);
    await t.db.update(companies).set({ isConnectEnabled: false }).where(eq(companies.id, company.id));
    const off = await lookup(partner, shipment.shareToken ?? "");
    expect(off).toMatchObject({ isConnectEnabled: false, viewer: { signedIn: true, canUpload: false } });
  });

  it("is not found for an unknown token, or once the link is revoked or regenerated", async () => {
    const { shipment, operator } = await world();
    const first = shipment.shareToken ?? "";
    expect(await codeOf(lookup(anonymous, "not-a-real-token"))).toBe("SHIPMENT_NOT_FOUND");
    const { shareToken: second } = await regenerateShareToken(as(operator), shipment.id);
    expect(await codeOf(lookup(anonymous, first))).toBe("SHIPMENT_NOT_FOUND");
    expect((await lookup(anonymous, second)).shareToken).toBe(second);
    await revokeShareToken(as(operator), shipment.id);
    expect(await codeOf(lookup(anonymous, second))).toBe("SHIPMENT_NOT_FOUND");
    const [row] = await t.db.select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(row?.shareToken).toBeNull();
  });

  it("answers another company's link with that shipment only, never one of the caller's company", async () => {
    const { shipment, foreign, foreignShipment } = await world();
    const seen = await lookup(foreign.user, foreignShipment.shareToken ?? "");
    expect(seen.trackingNumber).toBe(foreignShipment.trackingNumber);
    const theirs = await lookup(foreign.user, shipment.shareToken ?? "");
    expect(theirs.trackingNumber).toBe(shipment.trackingNumber);
    expect(JSON.stringify(theirs)).not.toContain(foreignShipment.trackingNumber);
  });
});

describe("share.shipment: guessing tokens", () => {
  it("refuses an address that keeps missing, even for a real token, until its window passes", async () => {
    const { shipment } = await world();
    const attacker = ip();
    for (let i = 0; i < SHARE_LOOKUP_MISSES.limit; i++) {
      expect(await codeOf(lookup(anonymous, `guess-${i}`, attacker))).toBe("SHIPMENT_NOT_FOUND");
    }
    expect(await codeOf(lookup(anonymous, "guess-more", attacker))).toBe("RATE_LIMITED");
    expect(await codeOf(lookup(anonymous, shipment.shareToken ?? "", attacker))).toBe("RATE_LIMITED");
    // Another address, and people following real links, are not slowed down.
    expect((await lookup(anonymous, shipment.shareToken ?? "")).title).toBe("Tokyo bikes");
    clock.advance(SHARE_LOOKUP_MISSES.windowMs + 1000);
    expect((await lookup(anonymous, shipment.shareToken ?? "", attacker)).title).toBe("Tokyo bikes");
  });

  it("never counts found links against the address", async () => {
    const { shipment } = await world();
    const office = ip();
    for (let i = 0; i < SHARE_LOOKUP_MISSES.limit + 5; i++) {
      await lookup(anonymous, shipment.shareToken ?? "", office);
    }
    expect(await codeOf(lookup(anonymous, shipment.shareToken ?? "", office))).toBe("ok");
  });
});
