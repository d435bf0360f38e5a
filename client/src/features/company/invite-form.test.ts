// @vitest-environment node
import { describe, expect, it } from "vitest";
import { ROLE_IDS } from "../../../../shared/enums";
import { en } from "../../../../shared/i18n/en";
import { fieldErrors } from "../../../../shared/schemas";
import { inviteFormSchema, roleNeedsTeam } from "./invite-form";

const TEAM = "3f1c2a4e-5b6d-4c7e-8f90-123456789abc";

function t(key: string, params: Record<string, unknown> = {}): string {
  const [ns, name] = key.split(".") as [keyof typeof en, string];
  const text = (en[ns] as Record<string, string>)[name] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p]));
}

function errors(values: { emails: string; roleId: string; teamIds: string[] }, domains = ["acme.co.jp"]) {
  const result = inviteFormSchema(domains).safeParse(values);
  return result.success ? {} : fieldErrors(result.error.issues, t);
}

describe("invite form", () => {
  it("uses the spec's messages for empty, malformed and role-less input", () => {
    expect(errors({ emails: " ", roleId: ROLE_IDS.ADMIN, teamIds: [] }).emails).toBe(
      "At least one email is required",
    );
    expect(errors({ emails: "a@acme.co.jp, nope", roleId: ROLE_IDS.ADMIN, teamIds: [] }).emails).toBe(
      "Invalid email address: nope",
    );
    expect(errors({ emails: "a@acme.co.jp", roleId: "", teamIds: [] }).roleId).toBe("Role is required");
  });

  it("asks Operators and Readonly members for a team, not Admins or Managers", () => {
    expect(errors({ emails: "a@acme.co.jp", roleId: ROLE_IDS.OPERATOR, teamIds: [] }).teamIds).toBe(
      en.validation.teamRequiredForRole,
    );
    expect(errors({ emails: "a@acme.co.jp", roleId: ROLE_IDS.MANAGER, teamIds: [] })).toEqual({});
    expect(errors({ emails: "a@acme.co.jp", roleId: ROLE_IDS.READONLY, teamIds: [TEAM] })).toEqual({});
    expect(roleNeedsTeam(ROLE_IDS.OPERATOR)).toBe(true);
    expect(roleNeedsTeam(ROLE_IDS.ADMIN)).toBe(false);
  });

  it("names the first address outside the company's domains, case-insensitively", () => {
    const values = { emails: "a@ACME.co.jp\nb@gmail.com c@other.com", roleId: ROLE_IDS.ADMIN, teamIds: [] };
    expect(errors(values).emails).toBe(
      "The email address b@gmail.com is not in a domain allowed for your company (acme.co.jp).",
    );
    expect(errors(values, ["acme.co.jp", "gmail.com", "other.com"])).toEqual({});
  });
});
