import { describe, expect, it } from "vitest";
import { hashToken } from "../auth/tokens";
import { apiTokenHash, bearerToken, issueApiToken, maskedApiToken } from "./api-token";

describe("API tokens", () => {
  it("are the prefix and 32 random bytes in base64url, stored as their SHA-256, hinted by the last 4", () => {
    const a = issueApiToken();
    const b = issueApiToken();
    expect(a.token).toMatch(/^trk_[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.tokenHash).toBe(hashToken(a.token));
    expect(a.hint).toBe(a.token.slice(-4));
    expect(maskedApiToken(a.hint)).toBe(`trk_••••••••••••${a.hint}`);
  });

  it("refuse what cannot be one of ours before hashing", () => {
    const { token, tokenHash } = issueApiToken();
    expect(apiTokenHash(token)).toBe(tokenHash);
    expect(apiTokenHash("abc")).toBeNull();
    expect(apiTokenHash(`trk_${"a".repeat(200)}`)).toBeNull();
    expect(apiTokenHash("trk_a.b")).toBeNull();
  });

  it("are read from a Bearer header, whatever the scheme's case", () => {
    expect(bearerToken("Bearer trk_x")).toBe("trk_x");
    expect(bearerToken("bearer  trk_x ")).toBe("trk_x");
    expect(bearerToken("Bearer ")).toBe("");
    expect(bearerToken("Basic dXNlcg==")).toBeNull();
    expect(bearerToken("Bearer a b")).toBeNull();
  });
});
