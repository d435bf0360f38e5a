import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { companies, subscriptions, teamGuestUsers, users } from "../../server/db/schema";
import { generateApiKey } from "../../server/modules/api/api-tokens.service";
import { ROLE_IDS } from "../../shared/enums";
import { buildWorld, NOW, type World } from "../authz/world";
import { factories } from "../factories";
import { createTestApp, type TestApp } from "../setup/app";
import { contextFor } from "../setup/context";
import { clientFor, errorOf, GraphqlClient, validationMessages } from "./admin-client";

// viewer, viewerNullable, updateUser, applyNotificationSettingsToExistingShipments,
// updateCompanySettings and deleteCompany through POST /graphql with a real session (spec 01 §7,
// spec 02 §3, §7).

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp({ clock: new TestClock(NOW) });
  w = await buildWorld(t.database.db);
});
afterAll(() => t.close());

const as = (user: { id: string }, lang: "en" | "ja" = "en") =>
  clientFor(t.app, t.database.db, t.clock, user, lang);

const VIEWER = /* GraphQL */ `
  {
    viewer {
      id email nickname createdAt isMultiFactorEnabled apiToken
      role { id name }
      teams { id name }
      guestTeams { id }
      notificationEmail minUpdateIntervalHoursEta transhipNotificationBehavior subscriptionSettingForNewShipment
      company {
        id companyName contractStatus plan canAccessConsole isHeadquarterEnabled isContainerEventEnabled
        phoneNumber workEmail allowTrackingNumDuplication shipmentCount
        roles { id name }
        users { email role { id name } teams { name } }
        teams { name joined memberCount }
        archivedTeams { name isArchived }
        userInvitations { email displayStatus role { id } teams { name } companyId }
        contracts { plan phase }
        currentContract { plan maxTrackings startsAt }
        upcomingContract { id }
      }
    }
  }
`;

interface ViewerAnswer {
  viewer: Record<string, unknown> & {
    createdAt: string;
    teams: { name: string }[];
    company: Record<string, unknown> & { users: unknown[]; teams: unknown[] };
  };
}

describe("viewer", () => {
  it("answers the signed-in Admin's account, company, teams, members, invitations and contracts", async () => {
    const answer = await (await as(w.roles.ADMIN)).request<ViewerAnswer>(VIEWER);
    expect(answer.errors).toEqual([]);
    const v = answer.data?.viewer;
    expect(v).toMatchObject({
      id: w.roles.ADMIN.id,
      email: w.roles.ADMIN.email,
      role: { id: ROLE_IDS.ADMIN, name: "Admin" },
      apiToken: null,
      notificationEmail: "",
      minUpdateIntervalHoursEta: 3,
      transhipNotificationBehavior: "ALL",
      guestTeams: [],
    });
    expect(v?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(v?.teams.map((team) => team.name).sort()).toEqual(["A", "B"]);
    expect(v?.company).toMatchObject({
      id: w.company.id,
      companyName: w.company.companyName,
      contractStatus: "ACTIVE",
      plan: "PREMIUM",
      canAccessConsole: true,
      workEmail: w.company.workEmail,
      shipmentCount: 1,
      roles: [
        { id: ROLE_IDS.ADMIN, name: "Admin" },
        { id: ROLE_IDS.MANAGER, name: "Manager" },
        { id: ROLE_IDS.OPERATOR, name: "Operator" },
        { id: ROLE_IDS.READONLY, name: "Readonly" },
      ],
      archivedTeams: [{ name: "Archived", isArchived: true }],
      userInvitations: [
        {
          email: w.invitation.email,
          displayStatus: "PENDING",
          role: { id: ROLE_IDS.OPERATOR },
          teams: [{ name: "A" }],
          companyId: w.company.id,
        },
      ],
      contracts: [{ plan: "PREMIUM", phase: "CURRENT" }],
      currentContract: { plan: "PREMIUM", maxTrackings: 1000, startsAt: NOW.toISOString() },
      upcomingContract: null,
    });
    expect(v?.company.users).toContainEqual({
      email: w.target.email,
      role: { id: ROLE_IDS.OPERATOR, name: "Operator" },
      teams: [{ name: "A" }],
    });
    expect(v?.company.teams).toContainEqual({ name: "C", joined: false, memberCount: 0 });
  });

  it("names roles in the request's language", async () => {
    const answer = await (await as(w.roles.MANAGER, "ja")).request<{
      viewer: { role: { id: string; name: string } };
    }>("{ viewer { role { id name } } }");
    expect(answer.data?.viewer.role).toEqual({ id: ROLE_IDS.MANAGER, name: "マネージャー" });
  });

  it("answers an Operator's company, refusing the Admins' and Managers' fields one by one", async () => {
    const answer = await (await as(w.roles.OPERATOR)).request<{
      viewer: { company: Record<string, unknown> };
    }>("{ viewer { company { companyName users { id } contracts { id } phoneNumber } } }");
    expect(answer.data?.viewer.company).toEqual({
      companyName: w.company.companyName,
      users: null,
      contracts: null,
      phoneNumber: null,
    });
    expect(answer.errors.map((e) => [e.path?.join("."), e.extensions?.code, e.message]).sort()).toEqual([
      ["viewer.company.contracts", "PERMISSION_DENIED", "You don't have permission to access this page."],
      ["viewer.company.phoneNumber", "PERMISSION_DENIED", "You don't have permission to access this page."],
      ["viewer.company.users", "PERMISSION_DENIED", "You don't have permission to access this page."],
    ]);
  });

  it("shows a guest without a company the teams they are a guest of", async () => {
    const guest = await factories(t.database.db, NOW).user({
      email: `visitor-${w.domain.slice(0, 8)}@partner.example`,
    });
    await t.database.db
      .insert(teamGuestUsers)
      .values({ companyId: w.company.id, teamId: w.teams.A.id, email: guest.email, userId: guest.id });
    const answer = await (await as(guest)).request<{ viewer: Record<string, unknown> }>(
      "{ viewer { role { id } company { id } teams { id } guestTeams { id name companyName } } }",
    );
    expect(answer.errors).toEqual([]);
    expect(answer.data?.viewer).toEqual({
      role: null,
      company: null,
      teams: [],
      guestTeams: [{ id: w.teams.A.id, name: "A", companyName: w.company.companyName }],
    });
  });

  it("is refused to an anonymous caller, while viewerNullable answers null", async () => {
    const anonymous = new GraphqlClient(t.app);
    const refused = await anonymous.request("{ viewer { id } }");
    expect(errorOf(refused, "UNAUTHENTICATED").message).toBe("Please sign in to continue.");
    expect(refused.data).toBeNull();
    const nullable = await anonymous.request("{ viewerNullable { id } }");
    expect(nullable).toEqual({ status: 200, data: { viewerNullable: null }, errors: [] });
    const signedIn = await (await as(w.roles.READONLY)).request("{ viewerNullable { id } }");
    expect(signedIn.data).toEqual({ viewerNullable: { id: w.roles.READONLY.id } });
  });
});

const UPDATE_USER = /* GraphQL */ `
  mutation($input: UpdateUserInput!) {
    updateUser(input: $input) { nickname notificationEmail minUpdateIntervalHoursEta subscriptionSettingForNewShipment }
  }
`;

describe("viewer.apiToken", () => {
  it("shows the Admin's key masked, never the key, and refuses other roles", async () => {
    const w = await buildWorld(t.database.db);
    await t.database.db.update(companies).set({ isApiEnabled: true }).where(eq(companies.id, w.company.id));
    const issued = await generateApiKey(contextFor(t.database.db, w.roles.ADMIN, { clock: t.clock }));
    const answer = await (await as(w.roles.ADMIN)).request("{ viewer { apiToken } }");
    expect(answer).toMatchObject({ errors: [], data: { viewer: { apiToken: issued.key.maskedKey } } });
    expect(JSON.stringify(answer)).not.toContain(issued.token);
    const operator = await (await as(w.roles.OPERATOR)).request("{ viewer { email apiToken } }");
    expect(operator.data).toEqual({ viewer: { email: w.roles.OPERATOR.email, apiToken: null } });
    errorOf(operator, "PERMISSION_DENIED");
  });
});

describe("updateUser", () => {
  it("saves the nickname and notification settings and answers the viewer with them", async () => {
    const client = await as(w.roles.READONLY);
    const answer = await client.request(UPDATE_USER, {
      input: {
        nickname: "Reader",
        notificationEmail: "a@x.example,b@x.example",
        minUpdateIntervalHoursEta: -1,
      },
    });
    expect(answer.errors).toEqual([]);
    expect(answer.data).toEqual({
      updateUser: {
        nickname: "Reader",
        notificationEmail: "a@x.example, b@x.example",
        minUpdateIntervalHoursEta: -1,
        subscriptionSettingForNewShipment: "ALL",
      },
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, w.roles.READONLY.id));
    expect(row?.nickname).toBe("Reader");
  });

  it("refuses a malformed address with the form's message and changes nothing", async () => {
    const client = await as(w.roles.OPERATOR);
    const answer = await client.request(UPDATE_USER, {
      input: { nickname: "Changed", notificationEmail: "nope" },
    });
    expect(validationMessages(answer)).toEqual(["Invalid email address: nope"]);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, w.roles.OPERATOR.id));
    expect(row?.nickname).toBe(w.roles.OPERATOR.nickname);
  });

  it("refuses notification settings to a person without a company, leaving the nickname too", async () => {
    const loner = await factories(t.database.db, NOW).user();
    const answer = await (await as(loner)).request(UPDATE_USER, {
      input: { nickname: "Lone", minUpdateIntervalHoursEta: 5 },
    });
    errorOf(answer, "NO_COMPANY");
    const [row] = await t.database.db.select().from(users).where(eq(users.id, loner.id));
    expect(row?.nickname).toBe(loner.nickname);
    const nicknameOnly = await (await as(loner)).request(
      'mutation { updateUser(input: { nickname: "Lone" }) { nickname } }',
    );
    expect(nicknameOnly).toMatchObject({ errors: [], data: { updateUser: { nickname: "Lone" } } });
  });

  it("is refused to an anonymous caller", async () => {
    errorOf(
      await new GraphqlClient(t.app).request(UPDATE_USER, { input: { nickname: "X" } }),
      "UNAUTHENTICATED",
    );
  });
});

describe("applyNotificationSettingsToExistingShipments", () => {
  const APPLY = "mutation { applyNotificationSettingsToExistingShipments { subscribed unsubscribed } }";

  it("subscribes the viewer to the shipments their saved setting covers", async () => {
    const client = await as(w.roles.MANAGER);
    const saved = await client.request(UPDATE_USER, {
      input: { subscriptionSettingForNewShipment: "ALL", applyToExistingShipments: false },
    });
    expect(saved.errors).toEqual([]);
    const answer = await client.request(APPLY);
    expect(answer).toMatchObject({
      data: { applyNotificationSettingsToExistingShipments: { subscribed: 1, unsubscribed: 0 } },
    });
    const rows = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, w.roles.MANAGER.id));
    expect(rows.map((r) => r.shipmentId)).toEqual([w.shipment.id]);
  });

  it("is refused to a person without a company", async () => {
    const loner = await factories(t.database.db, NOW).user();
    errorOf(await (await as(loner)).request(APPLY), "NO_COMPANY");
  });
});

describe("updateCompanySettings", () => {
  const UPDATE = /* GraphQL */ `
    mutation($input: UpdateCompanySettingsInput!) {
      updateCompanySettings(input: $input) { allowTrackingNumDuplication isHeadquarterEnabled }
    }
  `;

  it("lets the Admin allow duplicates and turn on the headquarters view on Premium", async () => {
    const answer = await (await as(w.roles.ADMIN)).request(UPDATE, {
      input: { allowTrackingNumDuplication: true, isHeadquarterEnabled: true },
    });
    expect(answer).toMatchObject({
      errors: [],
      data: { updateCompanySettings: { allowTrackingNumDuplication: true, isHeadquarterEnabled: true } },
    });
  });

  it("refuses a Manager, and the headquarters view below Premium", async () => {
    const manager = await (await as(w.roles.MANAGER)).request(UPDATE, {
      input: { allowTrackingNumDuplication: false },
    });
    expect(errorOf(manager, "PERMISSION_DENIED").message).toBe(
      "You don't have permission to access this page.",
    );
    const free = await factories(t.database.db, NOW).companyWith("ADMIN");
    const refused = await (await as(free.user)).request(UPDATE, { input: { isHeadquarterEnabled: true } });
    expect(errorOf(refused, "HEADQUARTERS_PREMIUM_ONLY").message).toBe(
      "The headquarters view is available only on the Premium and Enterprise plans.",
    );
  });

  it("refuses a value of the wrong type before any service runs", async () => {
    const answer = await (await as(w.roles.ADMIN)).request(UPDATE, {
      input: { allowTrackingNumDuplication: "yes" },
    });
    // A request error answered to an application/json client: 200 (GraphQL over HTTP).
    expect(answer.status).toBe(200);
    errorOf(answer, "GRAPHQL_VALIDATION_FAILED");
  });
});

describe("deleteCompany", () => {
  it("deletes a company on the Free plan; its people keep their accounts without it", async () => {
    const free = await factories(t.database.db, NOW).companyWith("ADMIN");
    const client = await as(free.user);
    expect(await client.request("mutation { deleteCompany }")).toMatchObject({
      errors: [],
      data: { deleteCompany: true },
    });
    expect(await t.database.db.select().from(companies).where(eq(companies.id, free.company.id))).toEqual([]);
    const after = await client.request("{ viewer { email company { id } } }");
    expect(after.data).toEqual({ viewer: { email: free.user.email, company: null } });
  });

  it("is refused on a paid plan and to anyone but an Admin", async () => {
    const paid = await (await as(w.roles.ADMIN)).request("mutation { deleteCompany }");
    expect(errorOf(paid, "COMPANY_DELETE_FREE_ONLY").message).toBe(
      "The company account can be deleted only on the Free plan.",
    );
    errorOf(await (await as(w.roles.MANAGER)).request("mutation { deleteCompany }"), "PERMISSION_DENIED");
    expect(await t.database.db.select().from(companies).where(eq(companies.id, w.company.id))).toHaveLength(
      1,
    );
  });
});
