import { count } from "drizzle-orm";
import type { Clock } from "../server/core/clock";
import { DAY_MS } from "../server/core/clock";
import type { Database } from "../server/db/client";
import { companies, contracts, shipments, teamMembers, teams, users } from "../server/db/schema";
import { hashPassword } from "../server/modules/auth/password/password";
import { FREE_TRIAL_DAYS, TRIAL_CONTRACT_LIMITS } from "../shared/constants";
import { ROLE_IDS } from "../shared/enums";

// The demo company of a first `npm start`: approved, on the FREE trial, one Admin, one team and a
// few shipments with real-looking numbers (valid ISO 6346 check digits) for the carrier simulator.

export const DEMO_SIGN_IN = { email: "admin@demo.example", password: "Demo-Passw0rd" } as const;

const DEMO_SHIPMENTS = [
  {
    shippingLine: "MAERSK",
    trackingType: "CONTAINER_NUMBER",
    trackingNumber: "MSKU1234565",
    title: "Spare parts for Yokohama plant",
  },
  {
    shippingLine: "ONE",
    trackingType: "BOOKING_NUMBER",
    trackingNumber: "TYOF12345600",
    title: "Autumn apparel collection",
  },
  {
    shippingLine: "EVERGREEN",
    trackingType: "BILL_OF_LADING_NUMBER",
    trackingNumber: "142600123456",
    title: "Machine tools to Rotterdam",
  },
  {
    shippingLine: "MSC",
    trackingType: "CONTAINER_NUMBER",
    trackingNumber: "MSCU7654329",
    title: "Frozen seafood, reefer",
  },
] as const;

/** Seeds the demo on an empty database only; returns its sign-in, or null when data exists. */
export async function seedDemoIfEmpty(db: Database, clock: Clock) {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(companies);
  if (total > 0) return null;
  const passwordHash = await hashPassword(DEMO_SIGN_IN.password);
  const now = clock.now();
  await db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({
        companyName: "Demo Logistics",
        phoneNumber: "+81 3-1234-5678",
        workEmail: DEMO_SIGN_IN.email,
        approvalState: "APPROVED",
        approvedAt: now,
        trialStartedAt: now,
        contractStatus: "IN_TRIAL",
      })
      .returning();
    if (!company) throw new Error("demo company not created");
    await tx.insert(contracts).values({
      companyId: company.id,
      plan: "FREE",
      startsAt: now,
      endsAt: new Date(now.getTime() + FREE_TRIAL_DAYS * DAY_MS),
      ...TRIAL_CONTRACT_LIMITS,
    });
    const [admin] = await tx
      .insert(users)
      .values({
        email: DEMO_SIGN_IN.email,
        nickname: "Demo Admin",
        passwordHash,
        isEmailVerified: true,
        companyId: company.id,
        roleId: ROLE_IDS.ADMIN,
        notificationEmail: DEMO_SIGN_IN.email,
      })
      .returning();
    const [team] = await tx.insert(teams).values({ companyId: company.id, name: "Tokyo Import" }).returning();
    if (!admin || !team) throw new Error("demo admin or team not created");
    await tx.insert(teamMembers).values({ companyId: company.id, teamId: team.id, userId: admin.id });
    await tx
      .insert(shipments)
      .values(
        DEMO_SHIPMENTS.map((s) => ({ ...s, companyId: company.id, teamId: team.id, ownerUserId: admin.id })),
      );
  });
  return DEMO_SIGN_IN;
}

/**
 * The demo's sign-in as plain lines for the terminal, outside the JSON log so a first-time user
 * sees it among the start-up output (decision 0071).
 */
export function demoSignInBanner(appUrl: string, signIn: { email: string; password: string }): string {
  const lines = [
    "Demo company created. Sign in with:",
    "",
    `  URL       ${appUrl}/app/auth/signin`,
    `  E-mail    ${signIn.email}`,
    `  Password  ${signIn.password}`,
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const body = lines.map((l) => `│ ${l.padEnd(width - 2)} │`);
  return ["", `┌${"─".repeat(width)}┐`, ...body, `└${"─".repeat(width)}┘`, ""].join("\n");
}
