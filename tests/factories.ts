import { randomBytes } from "node:crypto";
import { DAY_MS } from "../server/core/clock";
import type { Db } from "../server/db/client";
import {
  type Company,
  type Contract,
  companies,
  contracts,
  type NewCompany,
  type NewContract,
  type NewShipment,
  type NewTeam,
  type NewUser,
  type Shipment,
  shipments,
  type Team,
  teamMembers,
  teams,
  type User,
  users,
} from "../server/db/schema";
import { FREE_TRIAL_DAYS, TRIAL_CONTRACT_LIMITS } from "../shared/constants";
import { ROLE_IDS, type Role } from "../shared/enums";

// Rows for tests, with unique values so tests sharing a database never collide. Each takes
// overrides for what the test cares about and fills in the rest.

const unique = () => randomBytes(4).toString("hex");

export function factories(db: Db, now: Date = new Date("2026-01-15T00:00:00Z")) {
  async function one<T>(rows: Promise<T[]>): Promise<T> {
    const [row] = await rows;
    if (!row) throw new Error("factory insert returned nothing");
    return row;
  }

  const f = {
    company: (overrides: Partial<NewCompany> = {}): Promise<Company> =>
      one(
        db
          .insert(companies)
          .values({
            companyName: `Company ${unique()}`,
            phoneNumber: "+81 3-0000-0000",
            workEmail: `owner-${unique()}@example.com`,
            approvalState: "APPROVED",
            approvedAt: now,
            trialStartedAt: now,
            ...overrides,
          })
          .returning(),
      ),

    contract: (companyId: string, overrides: Partial<NewContract> = {}): Promise<Contract> =>
      one(
        db
          .insert(contracts)
          .values({
            companyId,
            plan: "FREE",
            startsAt: now,
            endsAt: new Date(now.getTime() + FREE_TRIAL_DAYS * DAY_MS),
            ...TRIAL_CONTRACT_LIMITS,
            ...overrides,
          })
          .returning(),
      ),

    user: (overrides: Partial<NewUser> & { role?: Role } = {}): Promise<User> => {
      const { role, ...rest } = overrides;
      return one(
        db
          .insert(users)
          .values({
            email: `user-${unique()}@example.com`,
            nickname: `User ${unique()}`,
            isEmailVerified: true,
            roleId: role ? ROLE_IDS[role] : rest.companyId ? ROLE_IDS.OPERATOR : null,
            ...rest,
          })
          .returning(),
      );
    },

    team: (companyId: string, overrides: Partial<NewTeam> = {}): Promise<Team> =>
      one(
        db
          .insert(teams)
          .values({ companyId, name: `Team ${unique()}`, ...overrides })
          .returning(),
      ),

    teamMember: (team: Team, user: User) =>
      one(
        db
          .insert(teamMembers)
          .values({ companyId: team.companyId, teamId: team.id, userId: user.id })
          .returning(),
      ),

    shipment: (team: Team, overrides: Partial<NewShipment> = {}): Promise<Shipment> =>
      one(
        db
          .insert(shipments)
          .values({
            companyId: team.companyId,
            teamId: team.id,
            shippingLine: "MAERSK",
            trackingType: "BOOKING_NUMBER",
            trackingNumber: `BK${unique().toUpperCase()}`,
            ...overrides,
          })
          .returning(),
      ),

    /** An approved company on the FREE trial with one team and a user of the given role in it. */
    async companyWith(role: Role = "ADMIN", overrides: { company?: Partial<NewCompany> } = {}) {
      const company = await f.company(overrides.company);
      const contract = await f.contract(company.id);
      const team = await f.team(company.id);
      const user = await f.user({ companyId: company.id, role });
      await f.teamMember(team, user);
      return { company, contract, team, user };
    },
  };
  return f;
}
