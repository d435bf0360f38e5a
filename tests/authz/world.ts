import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../server/db/client";
import {
  attachmentShares,
  attachments,
  companies,
  contracts,
  invitations,
  invitationTeams,
  shipments,
  teamGuestUsers,
  teamMembers,
  teams,
  users,
} from "../../server/db/schema";
import { hashToken } from "../../server/modules/auth/tokens";
import { ROLE_IDS, type Role } from "../../shared/enums";
import { factories } from "../factories";

export const NOW = new Date("2026-01-15T00:00:00Z");

/**
 * A company on PREMIUM (so plan gates pass and only roles decide) with every role, teams in every
 * state, a guest, an open invitation and a shipment; and a second company whose members must
 * never read or change any of it.
 */
export async function buildWorld(db: Db) {
  const f = factories(db, NOW);
  const domain = `w${randomBytes(4).toString("hex")}.example`;
  const company = await f.company({ workEmail: `boss@${domain}`, isConnectEnabled: true });
  await f.contract(company.id, { plan: "PREMIUM", maxMembers: 100, maxTrackings: 1000 });
  const teamA = await f.team(company.id, { name: "A" });
  const teamB = await f.team(company.id, { name: "B" });
  const teamC = await f.team(company.id, { name: "C" });
  const archived = await f.team(company.id, { name: "Archived", isArchived: true });
  const roles = {} as Record<Role, Awaited<ReturnType<typeof f.user>>>;
  for (const role of ["ADMIN", "MANAGER", "OPERATOR", "READONLY"] as const) {
    roles[role] = await f.user({ companyId: company.id, role, email: `${role.toLowerCase()}@${domain}` });
    await f.teamMember(teamA, roles[role]);
    await f.teamMember(teamB, roles[role]);
  }
  const target = await f.user({ companyId: company.id, role: "OPERATOR", email: `target@${domain}` });
  await f.teamMember(teamA, target);
  const [guest] = await db
    .insert(teamGuestUsers)
    .values({ companyId: company.id, teamId: teamA.id, email: "guest@partner.example" })
    .returning();
  const [invitation] = await db
    .insert(invitations)
    .values({
      companyId: company.id,
      email: `pending@${domain}`,
      roleId: ROLE_IDS.OPERATOR,
      invitationTokenHash: hashToken(`world-${domain}`),
      invitationExpireAt: new Date(NOW.getTime() + 7 * 86_400_000),
    })
    .returning();
  if (!guest || !invitation) throw new Error("world not built");
  await db.insert(invitationTeams).values({ invitationId: invitation.id, teamId: teamA.id });
  const shipment = await f.shipment(teamA);
  // A finished file the Operator uploaded, shared with the team's guest (attachments.* rules).
  const [attachment] = await db
    .insert(attachments)
    .values({
      companyId: company.id,
      shipmentId: shipment.id,
      filename: "invoice.pdf",
      contentType: "application/pdf",
      fileSizeBytes: 1024,
      storageKey: randomUUID(),
      uploadedByUserId: roles.OPERATOR.id,
      visibilityScope: "LIMITED_SHARING",
      uploadedAt: NOW,
    })
    .returning();
  if (!attachment) throw new Error("world not built");
  await db.insert(attachmentShares).values({ attachmentId: attachment.id, email: "guest@partner.example" });

  const foreign = await f.companyWith("ADMIN");

  return {
    company,
    domain,
    teams: { A: teamA, B: teamB, C: teamC, archived },
    roles,
    target,
    guest,
    invitation,
    invitationToken: `world-${domain}`,
    shipment,
    attachment,
    foreign,
  };
}
export type World = Awaited<ReturnType<typeof buildWorld>>;

/**
 * The world's company as the provider has not approved it (yet): its Admin sees Approval Required.
 * Its PREMIUM contract stays, so only the approval decides.
 */
export async function makeUnapproved(db: Db, world: World): Promise<void> {
  await db
    .update(companies)
    .set({ approvalState: "PENDING", approvedAt: null })
    .where(eq(companies.id, world.company.id));
}

/**
 * The world's company after its 30-day FREE trial ended with nothing after it (canAccessConsole
 * false): its Admin sees Trial Period Ended. It stays approved, so only the contract decides.
 */
export async function endTrial(db: Db, world: World): Promise<void> {
  await db.delete(contracts).where(eq(contracts.companyId, world.company.id));
  await factories(db, NOW).contract(world.company.id, {
    plan: "FREE",
    startsAt: new Date(NOW.getTime() - 40 * 86_400_000),
    endsAt: new Date(NOW.getTime() - 10 * 86_400_000),
  });
}

/**
 * The world's company after its paid PREMIUM contract ended with nothing after it (CHURN, churned):
 * its Admin has the read-only console. It stays approved, so only the contract decides.
 */
export async function churn(db: Db, world: World): Promise<void> {
  await db.delete(contracts).where(eq(contracts.companyId, world.company.id));
  const f = factories(db, NOW);
  await f.contract(world.company.id, {
    plan: "FREE",
    startsAt: new Date(NOW.getTime() - 400 * 86_400_000),
    endsAt: new Date(NOW.getTime() - 370 * 86_400_000),
  });
  await f.contract(world.company.id, {
    plan: "PREMIUM",
    maxMembers: 100,
    maxTrackings: 1000,
    startsAt: new Date(NOW.getTime() - 370 * 86_400_000),
    endsAt: new Date(NOW.getTime() - 5 * 86_400_000),
  });
}

/** Everything the company owns, as text: compared before and after a foreign member's call. */
export async function snapshotCompany(db: Db, companyId: string): Promise<string> {
  const rows = await Promise.all([
    db.select().from(companies).where(eq(companies.id, companyId)),
    db.select().from(users).where(eq(users.companyId, companyId)).orderBy(users.id),
    db.select().from(teams).where(eq(teams.companyId, companyId)).orderBy(teams.id),
    db.select().from(teamMembers).where(eq(teamMembers.companyId, companyId)).orderBy(teamMembers.id),
    db
      .select()
      .from(teamGuestUsers)
      .where(eq(teamGuestUsers.companyId, companyId))
      .orderBy(teamGuestUsers.id),
    db.select().from(invitations).where(eq(invitations.companyId, companyId)).orderBy(invitations.id),
    db.select().from(shipments).where(eq(shipments.companyId, companyId)).orderBy(shipments.id),
    db.execute(sql`select count(*)::int as n from outbound_emails where company_id = ${companyId}`),
  ]);
  return JSON.stringify(rows);
}

/** Ids and addresses of the company that must never appear in what another company's member is told. */
export function secretsOf(world: World): string[] {
  return [
    world.company.id,
    world.domain,
    ...Object.values(world.teams).map((t) => t.id),
    ...Object.values(world.roles).map((u) => u.id),
    world.target.id,
    world.guest.id,
    world.invitation.id,
    world.shipment.id,
    world.attachment.id,
  ];
}
