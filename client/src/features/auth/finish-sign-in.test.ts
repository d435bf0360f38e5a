// @vitest-environment node
import { describe, expect, it } from "vitest";
import { paths } from "../../app/paths";
import type { Me } from "../../lib/auth-api";
import { pendingStep } from "./finish-sign-in";

function me(isEmailVerified: boolean, isMultiFactorEnabled: boolean, isMultiFactorVerified: boolean): Me {
  return {
    account: { id: "u", email: "a@example.com", displayName: "A", isEmailVerified, isMultiFactorEnabled },
    session: { isMultiFactorVerified },
  };
}

describe("the step after sign-in", () => {
  it("asks for the code when MFA is on and not yet passed in this session", () => {
    expect(pendingStep(me(true, true, false))).toBe(paths.multiFactor);
  });

  it("asks to verify the e-mail first, as the gates do", () => {
    expect(pendingStep(me(false, true, false))).toBe(paths.tryEmailVerification);
    expect(pendingStep(me(false, false, false))).toBe(paths.tryEmailVerification);
  });

  it("lets a fully signed-in session go on", () => {
    expect(pendingStep(me(true, false, false))).toBeNull();
    expect(pendingStep(me(true, true, true))).toBeNull();
  });
});
