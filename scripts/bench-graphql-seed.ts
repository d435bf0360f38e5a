import type { Db } from "../server/db/client";
import { companies, contracts, shipments, teamMembers, teams, users } from "../server/db/schema";
import { giveHistory } from "../server/modules/shipments/list/list.testkit";
import { withCheckDigit } from "../shared/container-number";
import { ROLE_IDS } from "../shared/enums";
import { MAJOR_LINES } from "./bench-support";

// The data of bench:graphql: one list page's worth of shipments, each with a latest history.

export const PAGE_SIZE = 100;

/** A PREMIUM company with one team of PAGE_SIZE shipments, each with two legs and two containers. */
export async function seed(db: Db) {
  const now = new Date();
  const [company] = await db
    .insert(companies)
    .values({
      companyName: "Bench GraphQL",
      phoneNumber: "+81 3-0000-0000",
      workEmail: "bench@graphql.example",
      approvalState: "APPROVED",
      approvedAt: now,
      trialStartedAt: now,
    })
    .returning();
  if (!company) throw new Error("no company");
  await db.insert(contracts).values({
    companyId: company.id,
    plan: "PREMIUM",
    startsAt: now,
    endsAt: new Date(now.getTime() + 365 * 86_400_000),
    maxTrackings: 10_000,
    maxMembers: 100,
  });
  const [team] = await db.insert(teams).values({ companyId: company.id, name: "Bench desk" }).returning();
  const [admin] = await db
    .insert(users)
    .values({
      email: "admin@graphql.example",
      nickname: "Bench admin",
      isEmailVerified: true,
      companyId: company.id,
      roleId: ROLE_IDS.ADMIN,
    })
    .returning();
  if (!team || !admin) throw new Error("no team or admin");
  await db.insert(teamMembers).values({ companyId: company.id, teamId: team.id, userId: admin.id });
  for (let i = 0; i < PAGE_SIZE; i += 1) {
    const [shipment] = await db
      .insert(shipments)
      .values({
        companyId: company.id,
        teamId: team.id,
        ownerUserId: admin.id,
        shippingLine: MAJOR_LINES[i % MAJOR_LINES.length] ?? "MAERSK",
        trackingType: "BOOKING_NUMBER",
        trackingNumber: `BENCH${String(i).padStart(6, "0")}`,
        title: `Bench shipment ${i}`,
      })
      .returning();
    if (!shipment) throw new Error("no shipment");
    await giveHistory(db, shipment, {
      loadingPort: ["JPTYO", "Tokyo"],
      dischargingPort: ["USLAX", "Los Angeles"],
      placeOfDelivery: ["USCHI", "Chicago"],
      departureTime: "2026-02-01T00:00:00Z",
      arrivalTime: `2026-03-${String((i % 28) + 1).padStart(2, "0")}T00:00:00Z`,
      placeOfDeliveryEta: "2026-04-01T00:00:00Z",
      vessels: [`FEEDER ${i}`, `MOTHER ${i}`],
      vesselVoyage: `V${i}`,
      containers: [withCheckDigit(`MSCU${100_000 + i}`), withCheckDigit(`TGHU${200_000 + i}`)],
    });
  }
  return { team, admin };
}
