import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { teamMembers, teams } from "../../server/db/schema";
import { buildWorld, NOW } from "../authz/world";
import { emailsTo } from "../rest/auth-client";
import { createTestApp, type TestApp } from "../setup/app";
import { clientFor, errorOf, validationMessages } from "./admin-client";

// team(teamId) and the team mutations of spec 02 §7 through POST /graphql with real sessions. Each
// test builds its own world (tests/authz/world.ts: PREMIUM, every role in teams A and B, a target
// Operator in A, team C nobody is in, an archived team, a guest of A).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: new TestClock(NOW) });
});
afterAll(() => t.close());

const world = () => buildWorld(t.database.db);
const as = (user: { id: string }) => clientFor(t.app, t.database.db, t.clock, user);
const isMember = async (teamId: string, userId: string) =>
  (
    await t.database.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
  ).length === 1;
const INVALID_ID = "The identifier is not valid.";
const DENIED = "You don't have permission to access this page.";

const TEAM = /* GraphQL */ `
  query($teamId: ID!) {
    team(teamId: $teamId) {
      id name companyName isArchived daysToArchiveAfterDelivery enableInitialEtd enableRequestedEta
      customField1Name customField1Enabled createdAt
      users { id email nickname createdAt }
      teamGuestUsers { id email teamId createdAt }
    }
  }
`;

describe("team", () => {
  it("answers a member the team's settings, users and guests", async () => {
    const w = await world();
    const answer = await (await as(w.roles.MANAGER)).request<{
      team: Record<string, unknown> & { users: { id: string }[] };
    }>(TEAM, { teamId: w.teams.A.id });
    expect(answer.errors).toEqual([]);
    expect(answer.data?.team).toMatchObject({
      id: w.teams.A.id,
      name: "A",
      companyName: w.company.companyName,
      isArchived: false,
      customField1Name: null,
      customField1Enabled: false,
      teamGuestUsers: [{ id: w.guest.id, email: w.guest.email, teamId: w.teams.A.id }],
    });
    expect(answer.data?.team.users.map((u) => u.id).sort()).toEqual(
      [...Object.values(w.roles).map((u) => u.id), w.target.id].sort(),
    );
  });

  it("is not found for a team the Manager is not in, nor for another company's Admin", async () => {
    const w = await world();
    const notIn = await (await as(w.roles.MANAGER)).request(TEAM, { teamId: w.teams.C.id });
    expect(errorOf(notIn, "TEAM_NOT_FOUND").message).toBe("We couldn't find the team.");
    errorOf(await (await as(w.foreign.user)).request(TEAM, { teamId: w.teams.A.id }), "TEAM_NOT_FOUND");
  });

  it("refuses an identifier that is not one", async () => {
    const w = await world();
    expect(validationMessages(await (await as(w.roles.ADMIN)).request(TEAM, { teamId: "A" }))).toEqual([
      INVALID_ID,
    ]);
  });
});

describe("createTeam", () => {
  const CREATE = "mutation($name: String!) { createTeam(input: { name: $name }) { id name users { id } } }";

  it("creates the team with its creator in it", async () => {
    const w = await world();
    const answer = await (await as(w.roles.ADMIN)).request<{ createTeam: { id: string } }>(CREATE, {
      name: "Ops",
    });
    expect(answer).toMatchObject({
      errors: [],
      data: { createTeam: { name: "Ops", users: [{ id: w.roles.ADMIN.id }] } },
    });
    expect(await isMember(answer.data?.createTeam.id ?? "", w.roles.ADMIN.id)).toBe(true);
  });

  it("is for Admins only, and needs a name", async () => {
    const w = await world();
    expect(
      errorOf(await (await as(w.roles.MANAGER)).request(CREATE, { name: "Ops" }), "PERMISSION_DENIED")
        .message,
    ).toBe(DENIED);
    expect(validationMessages(await (await as(w.roles.ADMIN)).request(CREATE, { name: " " }))).toEqual([
      "This field is required",
    ]);
    expect(await t.database.db.select().from(teams).where(eq(teams.companyId, w.company.id))).toHaveLength(4);
  });
});

const membership = (field: string, answer: string) => /* GraphQL */ `
  mutation($userId: ID!, $teamId: ID!) { ${field}(userId: $userId, teamId: $teamId) { ${answer} } }
`;

describe("joinTeam and leaveTeam", () => {
  const JOIN = membership("joinTeam", "teamId joined");
  const LEAVE = membership("leaveTeam", "teamId joined");

  it("lets an Admin join another team and a member leave one of theirs", async () => {
    const w = await world();
    const joined = await (await as(w.roles.ADMIN)).request(JOIN, {
      userId: w.roles.ADMIN.id,
      teamId: w.teams.C.id,
    });
    expect(joined).toMatchObject({ errors: [], data: { joinTeam: { teamId: w.teams.C.id, joined: true } } });
    const left = await (await as(w.roles.OPERATOR)).request(LEAVE, {
      userId: w.roles.OPERATOR.id,
      teamId: w.teams.B.id,
    });
    expect(left).toMatchObject({ errors: [], data: { leaveTeam: { teamId: w.teams.B.id, joined: false } } });
    expect(await isMember(w.teams.B.id, w.roles.OPERATOR.id)).toBe(false);
  });

  it("refuses joining to a member who already has a team, and leaving the only team", async () => {
    const w = await world();
    const join = await (await as(w.roles.OPERATOR)).request(JOIN, {
      userId: w.roles.OPERATOR.id,
      teamId: w.teams.C.id,
    });
    expect(errorOf(join, "TEAM_JOIN_NOT_ALLOWED").message).toBe(
      "Please ask an administrator or a manager of this team to add you.",
    );
    const leave = await (await as(w.target)).request(LEAVE, { userId: w.target.id, teamId: w.teams.A.id });
    expect(errorOf(leave, "CANNOT_LEAVE_ONLY_TEAM").message).toBe("You can't leave your only team.");
    const forSomeoneElse = await (await as(w.roles.MANAGER)).request(LEAVE, {
      userId: w.target.id,
      teamId: w.teams.A.id,
    });
    errorOf(forSomeoneElse, "PERMISSION_DENIED");
    expect(await isMember(w.teams.A.id, w.target.id)).toBe(true);
    expect(
      validationMessages(
        await (await as(w.roles.ADMIN)).request(JOIN, { userId: "me", teamId: w.teams.C.id }),
      ),
    ).toEqual([INVALID_ID]);
  });
});

describe("renameTeam", () => {
  const RENAME =
    "mutation($teamId: ID!, $name: String!) { renameTeam(teamId: $teamId, input: { name: $name }) { id name } }";

  it("lets a Manager of the team rename it", async () => {
    const w = await world();
    const answer = await (await as(w.roles.MANAGER)).request(RENAME, { teamId: w.teams.A.id, name: "Alpha" });
    expect(answer).toMatchObject({ errors: [], data: { renameTeam: { id: w.teams.A.id, name: "Alpha" } } });
  });

  it("refuses an Operator, and a name over 100 characters", async () => {
    const w = await world();
    errorOf(
      await (await as(w.roles.OPERATOR)).request(RENAME, { teamId: w.teams.A.id, name: "Alpha" }),
      "PERMISSION_DENIED",
    );
    const long = await (await as(w.roles.ADMIN)).request(RENAME, {
      teamId: w.teams.A.id,
      name: "x".repeat(101),
    });
    expect(validationMessages(long)).toEqual(["Please enter no more than 100 characters."]);
    const [row] = await t.database.db.select().from(teams).where(eq(teams.id, w.teams.A.id));
    expect(row?.name).toBe("A");
  });
});

describe("archiveTeam and unarchiveTeam", () => {
  const ARCHIVE = "mutation($teamId: ID!) { archiveTeam(teamId: $teamId) { id isArchived } }";
  const UNARCHIVE = "mutation($teamId: ID!) { unarchiveTeam(teamId: $teamId) { id isArchived } }";

  it("archives a team (its members leave it) and brings an archived one back", async () => {
    const w = await world();
    const admin = await as(w.roles.ADMIN);
    expect(await admin.request(ARCHIVE, { teamId: w.teams.B.id })).toMatchObject({
      errors: [],
      data: { archiveTeam: { id: w.teams.B.id, isArchived: true } },
    });
    expect(await isMember(w.teams.B.id, w.roles.MANAGER.id)).toBe(false);
    const back = await (await as(w.roles.MANAGER)).request(UNARCHIVE, { teamId: w.teams.archived.id });
    expect(back).toMatchObject({
      errors: [],
      data: { unarchiveTeam: { id: w.teams.archived.id, isArchived: false } },
    });
  });

  it("refuses Readonly and Operator, and an identifier that is not one", async () => {
    const w = await world();
    errorOf(
      await (await as(w.roles.READONLY)).request(ARCHIVE, { teamId: w.teams.B.id }),
      "PERMISSION_DENIED",
    );
    errorOf(
      await (await as(w.roles.OPERATOR)).request(UNARCHIVE, { teamId: w.teams.archived.id }),
      "PERMISSION_DENIED",
    );
    expect(validationMessages(await (await as(w.roles.ADMIN)).request(ARCHIVE, { teamId: "" }))).toEqual([
      INVALID_ID,
    ]);
    expect(await isMember(w.teams.B.id, w.roles.READONLY.id)).toBe(true);
  });
});

describe("addUserToTeam and deleteUserFromTeam", () => {
  const ADD = membership("addUserToTeam", "teamId userId");
  const REMOVE = membership("deleteUserFromTeam", "teamId userId");

  it("lets a Manager of the team add a colleague and an Admin remove one", async () => {
    const w = await world();
    const added = await (await as(w.roles.MANAGER)).request(ADD, {
      userId: w.target.id,
      teamId: w.teams.B.id,
    });
    expect(added).toMatchObject({
      errors: [],
      data: { addUserToTeam: { teamId: w.teams.B.id, userId: w.target.id } },
    });
    expect(await isMember(w.teams.B.id, w.target.id)).toBe(true);
    const removed = await (await as(w.roles.ADMIN)).request(REMOVE, {
      userId: w.target.id,
      teamId: w.teams.A.id,
    });
    expect(removed.errors).toEqual([]);
    expect(await isMember(w.teams.A.id, w.target.id)).toBe(false);
  });

  it("refuses an Operator, another company's person, and a bad identifier", async () => {
    const w = await world();
    const operator = await (await as(w.roles.OPERATOR)).request(ADD, {
      userId: w.target.id,
      teamId: w.teams.B.id,
    });
    expect(errorOf(operator, "PERMISSION_DENIED").message).toBe(DENIED);
    errorOf(
      await (await as(w.roles.READONLY)).request(REMOVE, { userId: w.target.id, teamId: w.teams.A.id }),
      "PERMISSION_DENIED",
    );
    errorOf(
      await (await as(w.roles.ADMIN)).request(ADD, { userId: w.foreign.user.id, teamId: w.teams.B.id }),
      "NOT_FOUND",
    );
    expect(
      validationMessages(
        await (await as(w.roles.ADMIN)).request(REMOVE, { userId: "x", teamId: w.teams.A.id }),
      ),
    ).toEqual([INVALID_ID]);
    expect(await isMember(w.teams.A.id, w.target.id)).toBe(true);
    expect(await isMember(w.teams.B.id, w.target.id)).toBe(false);
  });
});

describe("addTeamGuestUser and removeTeamGuestUser", () => {
  const ADD =
    "mutation($teamId: ID!, $email: String!) { addTeamGuestUser(teamId: $teamId, email: $email) { id email teamId } }";
  const REMOVE =
    "mutation($teamId: ID!, $id: ID!) { removeTeamGuestUser(teamId: $teamId, teamGuestUserId: $id) }";

  it("adds a guest with an invitation e-mail, and removes one", async () => {
    const w = await world();
    const email = `partner-${w.domain}@guest.example`;
    const added = await (await as(w.roles.MANAGER)).request(ADD, { teamId: w.teams.A.id, email });
    expect(added).toMatchObject({ errors: [], data: { addTeamGuestUser: { email, teamId: w.teams.A.id } } });
    expect(await emailsTo(t.database.db, email)).toHaveLength(1);
    const removed = await (await as(w.roles.ADMIN)).request(REMOVE, { teamId: w.teams.A.id, id: w.guest.id });
    expect(removed).toEqual({ status: 200, data: { removeTeamGuestUser: w.guest.id }, errors: [] });
  });

  it("needs a guest e-mail, refuses a guest twice and refuses Operators", async () => {
    const w = await world();
    const admin = await as(w.roles.ADMIN);
    expect(validationMessages(await admin.request(ADD, { teamId: w.teams.A.id, email: "" }))).toEqual([
      "Guest email is required",
    ]);
    const twice = await admin.request(ADD, { teamId: w.teams.A.id, email: w.guest.email });
    expect(errorOf(twice, "GUEST_ALREADY_ADDED").message).toBe(
      `${w.guest.email} is already a guest user of this team.`,
    );
    const operator = await as(w.roles.OPERATOR);
    errorOf(
      await operator.request(ADD, { teamId: w.teams.A.id, email: "x@guest.example" }),
      "PERMISSION_DENIED",
    );
    errorOf(await operator.request(REMOVE, { teamId: w.teams.A.id, id: w.guest.id }), "PERMISSION_DENIED");
    expect(await emailsTo(t.database.db, "x@guest.example")).toHaveLength(0);
  });
});
