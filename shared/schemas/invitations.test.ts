import { describe, expect, it } from "vitest";
import { ROLE_IDS } from "../enums";
import {
  AddTeamGuestInput,
  InviteEmails,
  InviteUsersInput,
  invitedSignupForm,
  isLegacyInvitationToken,
  splitEmails,
} from "./invitations";
import { keysByPath, parsed, reported } from "./testkit";

const TEAM = "7c1e1f1e-8d3b-4c51-9a57-0b6f0f2b8a11";

describe("invite e-mails", () => {
  it("split on line breaks, commas and spaces", () => {
    expect(splitEmails("a@x.co,b@x.co\nc@x.co  d@x.co\r\n,\te@x.co")).toEqual([
      "a@x.co",
      "b@x.co",
      "c@x.co",
      "d@x.co",
      "e@x.co",
    ]);
    expect(parsed(InviteEmails, ["a@x.co, b@x.co", "c@x.co"])).toEqual(["a@x.co", "b@x.co", "c@x.co"]);
  });

  it("need at least one address", () => {
    for (const input of ["", " , \n", [], undefined]) {
      expect(reported(InviteEmails, input)).toEqual([
        { path: "", key: "validation.emailsRequired", params: {} },
      ]);
    }
  });

  it("accept 100 and refuse 101", () => {
    const emails = (n: number) => Array.from({ length: n }, (_, i) => `user${i}@example.com`).join("\n");
    expect(parsed(InviteEmails, emails(100))).toHaveLength(100);
    expect(reported(InviteEmails, emails(101))).toEqual([
      { path: "", key: "validation.tooManyEmails", params: { max: 100 } },
    ]);
  });

  it("name the first bad address", () => {
    expect(reported(InviteEmails, "ok@example.com, first-bad, second@bad")).toEqual([
      { path: "", key: "validation.invalidEmailAddress", params: { email: "first-bad" } },
    ]);
  });

  it("drop duplicates case-insensitively", () => {
    expect(parsed(InviteEmails, "a@x.co A@X.CO")).toEqual(["a@x.co"]);
  });
});

describe("invite users", () => {
  it("requires a role", () => {
    expect(keysByPath(InviteUsersInput, { emails: "a@x.co", roleId: "" })).toEqual({
      roleId: ["validation.roleRequired"],
    });
    expect(keysByPath(InviteUsersInput, { emails: "a@x.co" })).toEqual({
      roleId: ["validation.roleRequired"],
    });
    expect(keysByPath(InviteUsersInput, { emails: "a@x.co", roleId: TEAM })).toEqual({
      roleId: ["validation.invalidOption"],
    });
  });

  it.each(["OPERATOR", "READONLY"] as const)("requires a team for %s", (role) => {
    expect(keysByPath(InviteUsersInput, { emails: "a@x.co", roleId: ROLE_IDS[role], teamIds: [] })).toEqual({
      teamIds: ["validation.teamRequiredForRole"],
    });
    expect(reported(InviteUsersInput, { emails: "a@x.co", roleId: ROLE_IDS[role], teamIds: [TEAM] })).toEqual(
      [],
    );
  });

  it.each(["ADMIN", "MANAGER"] as const)("does not require a team for %s", (role) => {
    expect(parsed(InviteUsersInput, { emails: "a@x.co", roleId: ROLE_IDS[role] })).toEqual({
      emails: ["a@x.co"],
      roleId: ROLE_IDS[role],
      teamIds: [],
    });
  });

  it("reports e-mail and role problems together", () => {
    expect(keysByPath(InviteUsersInput, { emails: "bad", roleId: "" })).toEqual({
      emails: ["validation.invalidEmailAddress"],
      roleId: ["validation.roleRequired"],
    });
  });
});

describe("invitation acceptance", () => {
  it("treats 32-character tokens as legacy links", () => {
    expect(isLegacyInvitationToken("a".repeat(32))).toBe(true);
    expect(isLegacyInvitationToken("a".repeat(43))).toBe(false);
  });

  it("requires the invited e-mail, compared case-insensitively, naming it", () => {
    const form = invitedSignupForm("Invited@Example.com");
    const base = { displayName: "Ann", password: "Abcdefghi1", acceptTos: true };
    expect(reported(form, { ...base, email: "invited@example.com" })).toEqual([]);
    expect(reported(form, { ...base, email: "other@example.com" })).toEqual([
      { path: "email", key: "errors.INVITATION_EMAIL_MISMATCH", params: { email: "Invited@Example.com" } },
    ]);
  });
});

describe("guest users", () => {
  it("require a guest e-mail", () => {
    expect(keysByPath(AddTeamGuestInput, { teamId: TEAM, email: "" })).toEqual({
      email: ["validation.guestEmailRequired"],
    });
    expect(keysByPath(AddTeamGuestInput, { teamId: TEAM, email: "nope" })).toEqual({
      email: ["validation.invalidEmail"],
    });
  });
});
