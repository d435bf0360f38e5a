import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contextFor } from "../../../tests/setup/context";
import { setupDatabase } from "../../../tests/setup/db";
import { TestClock } from "../../core/clock";
import { teamGuestUsers, teams } from "../../db/schema";
import { giveHistory } from "../shipments/list.testkit";
import { codeOf } from "../shipments/shipments.testkit";
import { listGuestShipments } from "./share.service";
import { revokeShareToken } from "./share-links.service";

const clock = new TestClock("2026-01-15T00:00:00Z");
const t = setupDatabase(clock.now());
const as = (who: Parameters<typeof contextFor>[1]) => contextFor(t.db, who, { clock });

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
    containers: ["MSKU1234565", "TGHU7654321"],
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
    const list = await listGuestShipments(as(partner), { teamId: owner.team.id });
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
        containers: [{ containerNumber: "MSKU1234565" }, { containerNumber: "TGHU7654321" }],
      },
    });
    expect(list.items[2]).toMatchObject({ shareToken: fresh.shareToken, latestHistory: null });
    expect(JSON.stringify(list)).not.toContain(osaka.id);
  });

  it("searches like the console's list, by fragments of any word", async () => {
    const { owner, partner } = await world();
    const search = async (fullTextQuery: string) =>
      (await listGuestShipments(as(partner), { teamId: owner.team.id, fullTextQuery })).items.map(
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
    const list = await listGuestShipments(as(partner), { teamId: owner.team.id });
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
    expect((await listGuestShipments(as(renamed), { teamId: owner.team.id })).total).toBe(3);
  });

  it("never lists a team the caller is not a guest of", async () => {
    const { f, owner, teamY, partner } = await world();
    expect(await codeOf(listGuestShipments(as(partner), { teamId: teamY.id }))).toBe("TEAM_NOT_FOUND");
    const other = await f.companyWith("ADMIN");
    expect(await codeOf(listGuestShipments(as(partner), { teamId: other.team.id }))).toBe("TEAM_NOT_FOUND");
    // The company's own members use the console; the guest list is not a way around team visibility.
    expect(await codeOf(listGuestShipments(as(owner.user), { teamId: owner.team.id }))).toBe(
      "TEAM_NOT_FOUND",
    );
    const stranger = await f.user();
    expect(await codeOf(listGuestShipments(as(stranger), { teamId: owner.team.id }))).toBe("TEAM_NOT_FOUND");
  });

  it("stops listing once the guest is removed or the team archived", async () => {
    const { owner, partner, domain } = await world();
    await t.db.update(teams).set({ isArchived: true }).where(eq(teams.id, owner.team.id));
    expect(await codeOf(listGuestShipments(as(partner), { teamId: owner.team.id }))).toBe("TEAM_NOT_FOUND");
    await t.db.update(teams).set({ isArchived: false }).where(eq(teams.id, owner.team.id));
    await t.db
      .delete(teamGuestUsers)
      .where(
        and(
          eq(teamGuestUsers.teamId, owner.team.id),
          eq(teamGuestUsers.email, `OPS@${domain.toUpperCase()}`),
        ),
      );
    expect(await codeOf(listGuestShipments(as(partner), { teamId: owner.team.id }))).toBe("TEAM_NOT_FOUND");
  });

  it("asks for a signed-in, verified person", async () => {
    const { f, owner, domain } = await world();
    expect(await codeOf(listGuestShipments(as({ kind: "anonymous" }), { teamId: owner.team.id }))).toBe(
      "UNAUTHENTICATED",
    );
    const unverified = await f.user({ email: `late@${domain}`, isEmailVerified: false });
    await t.db
      .insert(teamGuestUsers)
      .values({ companyId: owner.company.id, teamId: owner.team.id, email: `late@${domain}` });
    expect(await codeOf(listGuestShipments(as(unverified), { teamId: owner.team.id }))).toBe(
      "EMAIL_NOT_VERIFIED",
    );
  });
});
