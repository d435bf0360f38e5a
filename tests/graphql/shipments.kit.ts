import type { Clock } from "../../server/core/clock";
import type { Db } from "../../server/db/client";
import { createSession } from "../../server/modules/auth/session.internal";
import { giveHistory } from "../../server/modules/shipments/list/list.testkit";
import { withCheckDigit } from "../../shared/container-number";
import type { Role } from "../../shared/enums";
import { factories } from "../factories";

// A GraphQL client over HTTP as the console's session uses it (cookie, and the Origin the CSRF
// check wants), and a PREMIUM company with shipments that have a latest history.

export interface GraphqlAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in the tests.
  body: { data?: any; errors?: { message: string; path?: unknown[]; extensions: Record<string, any> }[] };
}

export function graphqlClient(baseUrl: string, cookie: string | null) {
  return async (
    query: string | null,
    variables: Record<string, unknown> = {},
    extensions?: Record<string, unknown>,
  ): Promise<GraphqlAnswer> => {
    const res = await fetch(`${baseUrl}/graphql`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: baseUrl,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({
        ...(query === null ? {} : { query }),
        variables,
        ...(extensions ? { extensions } : {}),
      }),
    });
    return { status: res.status, body: (await res.json()) as GraphqlAnswer["body"] };
  };
}

export async function signIn(db: Db, clock: Clock, userId: string): Promise<string> {
  const { token } = await createSession(db, clock, userId);
  return `session=${token}`;
}

/** A PREMIUM company (headquarters on) with a team, a member of each role in it, and a foreign Admin. */
export async function shipmentsWorld(db: Db, now: Date) {
  const f = factories(db, now);
  const company = await f.company({ isHeadquarterEnabled: true });
  const year = 365 * 86_400_000;
  await f.contract(company.id, {
    plan: "PREMIUM",
    maxTrackings: 10_000,
    maxMembers: 100,
    endsAt: new Date(now.getTime() + year),
  });
  const team = await f.team(company.id, {
    name: "Tokyo desk",
    customField1Name: "PO",
    customField1Enabled: true,
  });
  const other = await f.team(company.id, { name: "Osaka desk" });
  const members = {} as Record<Role, Awaited<ReturnType<typeof f.user>>>;
  for (const role of ["ADMIN", "MANAGER", "OPERATOR", "READONLY"] as const) {
    members[role] = await f.user({ companyId: company.id, role, nickname: `${role} person` });
    await f.teamMember(team, members[role]);
  }
  const foreign = await f.companyWith("ADMIN");
  return { f, company, team, other, members, foreign };
}

/** `count` shipments in `team`, each with a latest history of two legs and two containers. */
export async function shipmentsWithHistory(
  db: Db,
  f: ReturnType<typeof factories>,
  team: Awaited<ReturnType<ReturnType<typeof factories>["team"]>>,
  ownerUserId: string,
  count: number,
) {
  const made = [];
  for (let i = 0; i < count; i += 1) {
    const shipment = await f.shipment(team, { ownerUserId, title: `Shipment ${i}` });
    made.push(
      await giveHistory(db, shipment, {
        loadingPort: ["JPTYO", "Tokyo"],
        dischargingPort: ["USLAX", "Los Angeles"],
        departureTime: "2026-02-01T00:00:00Z",
        arrivalTime: `2026-03-${String((i % 28) + 1).padStart(2, "0")}T00:00:00Z`,
        vessels: [`FEEDER ${i}`, `MOTHER ${i}`],
        vesselVoyage: `V${i}`,
        // Real ISO 6346 numbers: serials counted up, each with its check digit.
        containers: [withCheckDigit(`MSCU${100000 + i}`), withCheckDigit(`TGHU${200000 + i}`)],
      }),
    );
  }
  return made;
}
