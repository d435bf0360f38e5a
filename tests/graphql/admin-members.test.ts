import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClock } from "../../server/core/clock";
import { invitations, users } from "../../server/db/schema";
import { ROLE_IDS } from "../../shared/enums";
import { buildWorld, NOW } from "../authz/world";
import { emailsTo } from "../rest/auth-client";
import { createTestApp, type TestApp } from "../setup/app";
import { clientFor, errorOf, validationMessages } from "./admin-client";

// The Admin's member and invitation operations of spec 02 §7 (deleteUserFromCompany,
// updateUserRole, inviteUsers, resendInvitation, deleteInvitation) through POST /graphql, with the
// validation messages of spec 02 §5.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: new TestClock(NOW) });
});
afterAll(() => t.close());

const world = () => buildWorld(t.database.db);
const as = (user: { id: string }) => clientFor(t.app, t.database.db, t.clock, user);
const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const INVALID_ID = "The identifier is not valid.";

describe("deleteUserFromCompany", () => {
  const DELETE = "mutation($userId: ID!) { deleteUserFromCompany(userId: $userId) }";

  it("removes the person from the company; their account stays, without a company", async () => {
    const w = await world();
    const answer = await (await as(w.roles.ADMIN)).request(DELETE, { userId: w.target.id });
    expect(answer).toEqual({ status: 200, data: { deleteUserFromCompany: w.target.id }, errors: [] });
    expect(await userRow(w.target.id)).toMatchObject({ companyId: null, roleId: null });
  });

  it("is the Admin's, never for themselves, and needs a real identifier", async () => {
    const w = await world();
    errorOf(await (await as(w.roles.MANAGER)).request(DELETE, { userId: w.target.id }), "PERMISSION_DENIED");
    errorOf(
      await (await as(w.roles.ADMIN)).request(DELETE, { userId: w.roles.ADMIN.id }),
      "PERMISSION_DENIED",
    );
    expect(
      validationMessages(await (await as(w.roles.ADMIN)).request(DELETE, { userId: "someone" })),
    ).toEqual([INVALID_ID]);
    expect(await userRow(w.target.id)).toMatchObject({ companyId: w.company.id });
  });
});

describe("updateUserRole", () => {
  const UPDATE = /* GraphQL */ `
    mutation($userId: ID!, $roleId: ID!) {
      updateUserRole(userId: $userId, input: { roleId: $roleId }) { id role { id name } }
    }
  `;

  it("changes a colleague's role and answers it with its name", async () => {
    const w = await world();
    const answer = await (await as(w.roles.ADMIN)).request(UPDATE, {
      userId: w.target.id,
      roleId: ROLE_IDS.MANAGER,
    });
    expect(answer.data).toEqual({
      updateUserRole: { id: w.target.id, role: { id: ROLE_IDS.MANAGER, name: "Manager" } },
    });
    expect(await userRow(w.target.id)).toMatchObject({ roleId: ROLE_IDS.MANAGER });
  });

  it("refuses one's own role, a Manager, and a role that does not exist", async () => {
    const w = await world();
    const admin = await as(w.roles.ADMIN);
    const own = await admin.request(UPDATE, { userId: w.roles.ADMIN.id, roleId: ROLE_IDS.OPERATOR });
    expect(errorOf(own, "CANNOT_CHANGE_OWN_ROLE").message).toBe("You can't change your own role.");
    errorOf(
      await (await as(w.roles.MANAGER)).request(UPDATE, { userId: w.target.id, roleId: ROLE_IDS.READONLY }),
      "PERMISSION_DENIED",
    );
    expect(validationMessages(await admin.request(UPDATE, { userId: w.target.id, roleId: "owner" }))).toEqual(
      ["Role is required"],
    );
    expect(await userRow(w.target.id)).toMatchObject({ roleId: ROLE_IDS.OPERATOR });
  });
});

describe("inviteUsers", () => {
  const INVITE = /* GraphQL */ `
    mutation($emails: [String!]!, $roleId: ID!, $teamIds: [ID!]) {
      inviteUsers(emails: $emails, roleId: $roleId, teamIds: $teamIds) { id email }
    }
  `;

  it("invites each address by e-mail", async () => {
    const w = await world();
    const emails = [`ann@${w.domain}`, `bob@${w.domain}`];
    const answer = await (await as(w.roles.ADMIN)).request<{ inviteUsers: { email: string }[] }>(INVITE, {
      emails,
      roleId: ROLE_IDS.OPERATOR,
      teamIds: [w.teams.A.id],
    });
    expect(answer.errors).toEqual([]);
    expect(answer.data?.inviteUsers.map((i) => i.email)).toEqual(emails);
    for (const email of emails) expect(await emailsTo(t.database.db, email)).toHaveLength(1);
  });

  it("answers the form's messages for the addresses, the role and the teams", async () => {
    const w = await world();
    const admin = await as(w.roles.ADMIN);
    const invite = (vars: Record<string, unknown>) =>
      admin.request(INVITE, { roleId: ROLE_IDS.MANAGER, teamIds: [], ...vars });
    expect(validationMessages(await invite({ emails: [] }))).toEqual(["At least one email is required"]);
    expect(validationMessages(await invite({ emails: [`ok@${w.domain}`, "not-an-address"] }))).toEqual([
      "Invalid email address: not-an-address",
    ]);
    expect(validationMessages(await invite({ emails: [`ok@${w.domain}`], roleId: "" }))).toEqual([
      "Role is required",
    ]);
    expect(
      validationMessages(await invite({ emails: [`ok@${w.domain}`], roleId: ROLE_IDS.READONLY })),
    ).toEqual(["You should choose at least one team when inviting the role."]);
    errorOf(await invite({ emails: ["someone@elsewhere.example"] }), "INVITATION_DOMAIN_NOT_ALLOWED");
    expect(await emailsTo(t.database.db, `ok@${w.domain}`)).toHaveLength(0);
  });

  it("is refused to a Manager, and nothing is sent", async () => {
    const w = await world();
    const answer = await (await as(w.roles.MANAGER)).request(INVITE, {
      emails: [`cat@${w.domain}`],
      roleId: ROLE_IDS.MANAGER,
    });
    expect(errorOf(answer, "PERMISSION_DENIED").message).toBe(
      "You don't have permission to access this page.",
    );
    expect(await emailsTo(t.database.db, `cat@${w.domain}`)).toHaveLength(0);
  });
});

describe("resendInvitation and deleteInvitation", () => {
  const RESEND = "mutation($email: String!) { resendInvitation(email: $email) { id email } }";
  const DELETE = "mutation($id: ID!) { deleteInvitation(invitationId: $id) }";

  it("re-sends an open invitation, then deletes it", async () => {
    const w = await world();
    const admin = await as(w.roles.ADMIN);
    const resent = await admin.request(RESEND, { email: w.invitation.email });
    expect(resent.data).toEqual({ resendInvitation: { id: w.invitation.id, email: w.invitation.email } });
    expect(await emailsTo(t.database.db, w.invitation.email)).toHaveLength(1);
    expect(await admin.request(DELETE, { id: w.invitation.id })).toMatchObject({
      errors: [],
      data: { deleteInvitation: w.invitation.id },
    });
    const again = await admin.request(DELETE, { id: w.invitation.id });
    expect(errorOf(again, "INVITATION_NOT_PENDING").message).toBe(
      "This invitation has already been accepted.",
    );
  });

  it("refuses an Operator, a malformed address and an address with no open invitation", async () => {
    const w = await world();
    const operator = await as(w.roles.OPERATOR);
    errorOf(await operator.request(RESEND, { email: w.invitation.email }), "PERMISSION_DENIED");
    errorOf(await operator.request(DELETE, { id: w.invitation.id }), "PERMISSION_DENIED");
    const admin = await as(w.roles.ADMIN);
    expect(validationMessages(await admin.request(RESEND, { email: "pending" }))).toEqual([
      "Please input correct email.",
    ]);
    expect(validationMessages(await admin.request(DELETE, { id: "1" }))).toEqual([INVALID_ID]);
    errorOf(await admin.request(RESEND, { email: `nobody@${w.domain}` }), "INVITATION_NOT_PENDING");
    expect(await emailsTo(t.database.db, w.invitation.email)).toHaveLength(0);
    expect(
      await t.database.db.select().from(invitations).where(eq(invitations.id, w.invitation.id)),
    ).toHaveLength(1);
  });
});
