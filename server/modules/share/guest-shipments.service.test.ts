import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contextFor } from "../../../tests/setup/context";
import { setupDatabase } from "../../../tests/setup/db";
import { TestClock } from "../../core/clock";
import { teamGuestUsers, teams } from "../../db/schema";
import { listShipments } from "../shipments/list/list.service";
import { giveHistory, listInput } from "../shipments/list/list.testkit";
import { codeOf } from "../shipments/shipments.testkit";
import { GUEST_SEARCHES } from "./share.limits";
import { listGuestShipments } from "./share.service";
import { revokeShareToken } from "./share-links.service";

const clock = new TestClock("2026-01-15T00:00:00Z");
const t = setupDatabase(clock.now());
const as = (who: Parameters<typeof contextFor>[1]) => contextFor(t.db, who, { clock });
let ipSeq = 0;
/** A fresh client address per call, so the per-address search limit is only met where tested. */
const client = () => ({ ip: `198.51.100.${++ipSeq % 250}` });

let seq = 0;

async function world() {
  const { f } = t;
  // Every world has its own partner domain: the tests share one database.
  const domain = `partner${++seq}.example`;
  const owner = await f.companyWith("ADMIN");
  const teamY = await f.team(owner.company.id, { name: "Y" });
  const tokyo = await giveHistory(t.db, await f.shipment(owner.team, { title: "Tokyo bikes" }), {
    loadingPort: ["JPTYO", "Tokyo"],
    dischargingPort: ["USLAX", "Los Angeles"],
    departureTime: "2026-01-12T00:00:00Z",
    arrivalTime: "2026-01-30T00:00:00Z",
    vesselVoyage: "EG 001E",
    vessels: ["EVER GIVEN"],
    containers: ["MSKU1234565", "TGHU7654320"],
  });
  const osaka = await giveHistory(t.db, await f.shipment(owner.team, { title: "Osaka parts" }), {
    loadingPort: ["JPOSA", "Osaka"],
    arrivalTime: "2026-01-20T00:00:00Z",
  });
  const fresh = await f.shipment(owner.team, { title: "Not fetched yet" });
  const inY = await f.shipment(teamY, { title: "Team Y only" });
  const partner = await f.user({ email: `ops@${domain}` });
  // Invited by address in another case: the account's address matches case-insensitively.
  await t.db
    .insert(teamGuestUsers)
    .values({ companyId: owner.company.id, teamId: owner.team.id, email: `OPS@${domain.toUpperCase()}` });
  return { f, domain, owner, teamY, tokyo, osaka, fresh, inY, partner };
}

describe("share.guestShipments", () => {
  it("lists the shared shipments of a team the caller is a guest of, with the list columns", async () => {
    const { owner, tokyo, osaka, fresh, partner } = await world();
    const list = await listGuestShipments(as(partner), { teamId: owner.team.id }, client());
    expect(list.total).toBe(3);
    // Arrival time ascending, not yet known last.
    expect(list.items.map((i) => i.title)).toEqual(["Osaka parts", "Tokyo bikes", "Not fetched yet"]);
    expect(list.items[1]).toEqual({
      shareToken: tokyo.shareToken,
      title: "Tokyo bikes",
      trackingNumber: tokyo.trackingNumber,
      shippingLine: "MAERSK",
      isArchived: false,
      latestHistory: {
        loadingPort: { locode: "JPTYO", name: "Tokyo" },
        dischargingPort: { locode: "USLAX", name: "Los Angeles" },
        departureTime: "2026-01-12T00:00:00.000Z",
        departureTimeStatus: "ESTIMATED",
        arrivalTime: "2026-01-30T00:00:00.000Z",
        arrivalTimeStatus: "ESTIMATED",
        vesselName: "EVER GIVEN",
        vesselVoyage: "EG 001E",
        containers: [{ containerNumber: "MSKU1234565" }, { containerNumber: "TGHU7654320" }],
      },
    });
    expect(list.items[2]).toMatchObject({ shareToken: fresh.shareToken, latestHistory: null });
    expect(JSON.stringify(list)).not.toContain(osaka.id);
  });

  it("searches like the console's list, by fragments of any word", async () => {
    const { owner, partner } = await world();
    const search = async (fullTextQuery: string) =>
      (await listGuestShipments(as(partner), { teamId: owner.team.id, fullTextQuery }, client())).items.map(
        (i) => i.title,
      );
    expect(await search("tokyo")).toEqual(["Tokyo bikes"]);
    expect(await search("7654")).toEqual(["Tokyo bikes"]);
    expect(await search("osa par")).toEqual(["Osaka parts"]);
    expect(await search("nothing like this")).toEqual([]);
  });

  it("leaves out shipments whose link was revoked", async () => {
    const { owner, tokyo, partner } = await world();
    await revokeShareToken(as(owner.user), tokyo.id);
    const list = await listGuestShipments(as(partner), { teamId: owner.team.id }, client());
    expect(list.items.map((i) => i.title)).not.toContain("Tokyo bikes");
    expect(list.total).toBe(2);
  });

  it("finds the guest by account once the invitation is linked to it, whatever the address", async () => {
    const { f, owner, domain } = await world();
    const renamed = await f.user({ email: `someone-else@${domain}` });
    await t.db.insert(teamGuestUsers).values({
      companyId: owner.company.id,
      teamId: owner.team.id,
      email: `old@${domain}`,
      userId: renamed.id,
    });
    expect((await listGuestShipments(as(renamed), { teamId: owner.team.id }, client())).total).toBe(3);
  });

  it("never lists a team the caller is not a guest of", async () => {
    const { f, owner, teamY, partner } = await world();
    expect(await codeOf(listGuestShipments(as(partner), { teamId: teamY.id }, client()))).toBe(
      "TEAM_NOT_FOUND",
    );
    const other = await f.companyWith("ADMIN");
    expect(await codeOf(listGuestShipments(as(partner), { teamId: other.team.id }, client()))).toBe(
      "TEAM_NOT_FOUND",
    );
    // The company's own members use the console; the guest list is not a way around team visibility.
    expect(await codeOf(listGuestShipments(as(owner.user), { teamId: owner.team.id }, client()))).toBe(
      "TEAM_NOT_FOUND",
    );
    const stranger = await f.user();
    expect(await codeOf(listGuestShipments(as(stranger), { teamId: owner.team.id }, client()))).toBe(
      "TEAM_NOT_FOUND",
    );
  });

  it("stops listing once the guest is removed or the team archived", async () => {
    const { owner, partner, domain } = await world();
    await t.db.update(teams).set({ isArchived: true }).where(eq(teams.id, owner.team.id));
    expect(await codeOf(listGuestShipments(as(partner), { teamId: owner.team.id }, client()))).toBe(
      "TEAM_NOT_FOUND",
    );
    await t.db.update(teams).set({ isArchived: false }).where(eq(teams.id, owner.team.id));
    await t.db
      .delete(teamGuestUsers)
      .where(
        and(
          eq(teamGuestUsers.teamId, owner.team.id),
          eq(teamGuestUsers.email, `OPS@${domain.toUpperCase()}`),
        ),
      );
    expect(await codeOf(listGuestShipments(as(partner), { teamId: owner.team.id }, client()))).toBe(
      "TEAM_NOT_FOUND",
    );
  });

  it("asks for a signed-in, verified person", async () => {
    const { f, owner, domain } = await world();
    expect(
      await codeOf(listGuestShipments(as({ kind: "anonymous" }), { teamId: owner.team.id }, client())),
    ).toBe("UNAUTHENTICATED");
    const unverified = await f.user({ email: `late@${domain}`, isEmailVerified: false });
    await t.db
      .insert(teamGuestUsers)
      .values({ companyId: owner.company.id, teamId: owner.team.id, email: `late@${domain}` });
    expect(await codeOf(listGuestShipments(as(unverified), { teamId: owner.team.id }, client()))).toBe(
      "EMAIL_NOT_VERIFIED",
    );
  });
});

describe("share.guestShipments: what a guest's search reads", () => {
  it("never matches a remark or a custom field, however the query grows; a member still finds them", async () => {
    const { f, owner, partner } = await world();
    const secret = await f.shipment(owner.team, {
      title: "Hidden remark",
      trackingNumber: "ABCU6655665",
      remark: "Pay ref 7731-0042",
      customField1: "PO-SECRET-1",
      customField2: "zebra-cf2",
      customField3: "walrus-cf3",
    });
    const guestSearch = async (fullTextQuery: string) =>
      (await listGuestShipments(as(partner), { teamId: owner.team.id, fullTextQuery }, client())).items.map(
        (i) => i.shareToken,
      );
    // The attack: grow the query one character at a time. Not one prefix finds the shipment, so
    // there is nothing to grow (no visible field of it holds these characters).
    const remark = "7731-0042";
    for (let n = 1; n <= remark.length; n++) {
      clock.advance(GUEST_SEARCHES.windowMs);
      expect(await guestSearch(remark.slice(0, n))).not.toContain(secret.shareToken);
    }
    clock.advance(GUEST_SEARCHES.windowMs);
    for (const hidden of ["7731-0042", "pay ref", "PO-SECRET-1", "secret", "zebra-cf2", "walrus"]) {
      expect(await guestSearch(hidden)).not.toContain(secret.shareToken);
    }
    // What the share page shows is still searched.
    expect(await guestSearch("hidden remark")).toEqual([secret.shareToken]);
    expect(await guestSearch("abcu665")).toContain(secret.shareToken);

    const member = async (fullTextQuery: string) =>
      (await listShipments(as(owner.user), listInput(owner.team.id, { fullTextQuery }))).items.map(
        (i) => i.id,
      );
    expect(await member("7731-0042")).toEqual([secret.id]);
    expect(await member("PO-SECRET")).toEqual([secret.id]);
    expect(await member("walrus")).toEqual([secret.id]);
  });

  it("is rate-limited per account and per address, and the window passes", async () => {
    const { owner, partner } = await world();
    const from = { ip: "192.0.2.77" };
    const search = (q: string, who = partner, at = from) =>
      codeOf(listGuestShipments(as(who), { teamId: owner.team.id, fullTextQuery: q }, at));
    clock.advance(GUEST_SEARCHES.windowMs);
    for (let i = 0; i < GUEST_SEARCHES.limit; i++) expect(await search(`q${i}`)).toBe("ok");
    expect(await search("one more")).toBe("RATE_LIMITED");
    // Another address does not help the same account.
    expect(await search("elsewhere", partner, client())).toBe("RATE_LIMITED");
    // Opening the list without a search is not a search.
    expect(await codeOf(listGuestShipments(as(partner), { teamId: owner.team.id }, from))).toBe("ok");
    clock.advance(GUEST_SEARCHES.windowMs + 1000);
    expect(await search("later")).toBe("ok");
  });
});
