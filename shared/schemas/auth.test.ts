import { describe, expect, it } from "vitest";
import {
  ChangePasswordForm,
  CreateCompanyInput,
  DeleteAccountForm,
  Email,
  isStrongPassword,
  Password,
  ResetPasswordForm,
  SigninInput,
  SignupForm,
  SignupInput,
  TotpInput,
} from "./auth";
import { keysByPath, parsed, reported } from "./testkit";

describe("email", () => {
  it.each(["a@b.co", "first.last+tag@example.co.jp", "  padded@example.com  "])("accepts %s", (email) => {
    expect(reported(Email, email)).toEqual([]);
  });
  it.each(["plain", "a@b", "a@@b.co", "a b@c.co", "@example.com", "a@.com"])("rejects %s", (email) => {
    expect(reported(Email, email)).toEqual([{ path: "", key: "validation.invalidEmail", params: {} }]);
  });
  it("asks for a value before its shape", () => {
    expect(reported(Email, "")).toEqual([{ path: "", key: "validation.required", params: { min: 1 } }]);
    expect(reported(Email, undefined)[0]?.key).toBe("validation.required");
  });
  it("trims", () => expect(parsed(Email, " a@b.co ")).toBe("a@b.co"));
});

describe("password rule", () => {
  it.each([
    ["Abcdefghi1", true],
    ["Abcdefgh1", false], // 9 characters
    ["abcdefghi1", false], // no uppercase
    ["ABCDEFGHI1", false], // no lowercase
    ["Abcdefghij", false], // no digit
    ["Ab1 ÄÖÜ xyz", true],
    ["Aa1Aa1Aa1Aa1", true],
  ])("%s → %s", (password, ok) => {
    expect(isStrongPassword(password)).toBe(ok);
    expect(reported(Password, password)).toEqual(
      ok ? [] : [{ path: "", key: "validation.passwordRule", params: {} }],
    );
  });
  it("reports only 'required' when empty", () => {
    expect(reported(Password, "").map((r) => r.key)).toEqual(["validation.required"]);
  });
});

describe("sign-up and sign-in", () => {
  it("POST /auth/signup needs displayName, email and a strong password", () => {
    expect(keysByPath(SignupInput, {})).toEqual({
      displayName: ["validation.required"],
      email: ["validation.required"],
      password: ["validation.required"],
    });
    expect(
      parsed(SignupInput, { displayName: " Ann ", email: "ann@example.com", password: "Abcdefghi1" }),
    ).toEqual({
      displayName: "Ann",
      email: "ann@example.com",
      password: "Abcdefghi1",
    });
  });

  it("the sign-up form also needs company name, tel and accepted terms", () => {
    const keys = keysByPath(SignupForm, {
      displayName: "Ann",
      email: "ann@example.com",
      password: "Abcdefghi1",
      acceptTos: false,
    });
    expect(keys).toEqual({
      companyName: ["validation.required"],
      companyTel: ["validation.required"],
      acceptTos: ["validation.acceptTosRequired"],
    });
  });

  it("company creation needs companyName and companyTel", () => {
    expect(keysByPath(CreateCompanyInput, { companyName: " ", companyTel: "" })).toEqual({
      companyName: ["validation.required"],
      companyTel: ["validation.required"],
    });
  });

  it("sign-in does not apply the new-password rule", () => {
    expect(reported(SigninInput, { email: "a@b.co", password: "old" })).toEqual([]);
    expect(keysByPath(SigninInput, { email: "a@b.co", password: "" })).toEqual({
      password: ["validation.required"],
    });
  });
});

describe("multi-factor code", () => {
  it.each(["123456", "000000", " 123 456 "])("accepts %j", (code) =>
    expect(reported(TotpInput, { totpCode: code })).toEqual([]),
  );
  it.each(["12345", "1234567", "12a456", "１２３４５６"])("rejects %j", (code) => {
    expect(keysByPath(TotpInput, { totpCode: code })).toEqual({ totpCode: ["validation.mfaCode"] });
  });
  it("is required", () => {
    expect(keysByPath(TotpInput, { totpCode: "" })).toEqual({ totpCode: ["validation.required"] });
    expect(keysByPath(TotpInput, {})).toEqual({ totpCode: ["validation.required"] });
  });
});

describe("password change and reset", () => {
  it("requires all three fields", () => {
    expect(
      keysByPath(ChangePasswordForm, { currentPassword: "", newPassword: "", confirmPassword: "" }),
    ).toEqual({
      currentPassword: ["validation.required"],
      newPassword: ["validation.required"],
      confirmPassword: ["validation.required"],
    });
  });
  it("applies the rule to the new password and matches the confirmation", () => {
    expect(
      keysByPath(ChangePasswordForm, { currentPassword: "x", newPassword: "weak", confirmPassword: "weak" }),
    ).toEqual({
      newPassword: ["validation.passwordRule"],
    });
    expect(
      keysByPath(ChangePasswordForm, {
        currentPassword: "x",
        newPassword: "Abcdefghi1",
        confirmPassword: "Abcdefghi2",
      }),
    ).toEqual({ confirmPassword: ["validation.passwordsDoNotMatch"] });
    expect(
      reported(ChangePasswordForm, {
        currentPassword: "x",
        newPassword: "Abcdefghi1",
        confirmPassword: "Abcdefghi1",
      }),
    ).toEqual([]);
  });
  it("the reset form matches the retype", () => {
    expect(keysByPath(ResetPasswordForm, { newPassword: "Abcdefghi1", confirmPassword: "other" })).toEqual({
      confirmPassword: ["validation.passwordsDoNotMatch"],
    });
  });
});

describe("account deletion", () => {
  it("needs the checkbox ticked", () => {
    expect(keysByPath(DeleteAccountForm, { confirmed: false })).toEqual({
      confirmed: ["validation.checkTheAbove"],
    });
    expect(reported(DeleteAccountForm, { confirmed: true })).toEqual([]);
  });
});
