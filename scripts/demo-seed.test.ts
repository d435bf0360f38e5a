import { describe, expect, it } from "vitest";
import { DEMO_SIGN_IN, demoSignInBanner } from "./demo-seed";

describe("demo sign-in banner", () => {
  it("prints the sign-in page, e-mail and password on lines of their own, outside any JSON", () => {
    const banner = demoSignInBanner("http://localhost:3000", DEMO_SIGN_IN);
    const lines = banner.split("\n");
    expect(lines.some((l) => l.includes("http://localhost:3000/app/auth/signin"))).toBe(true);
    expect(lines.some((l) => /E-mail\s+admin@demo\.example\s/.test(l))).toBe(true);
    expect(lines.some((l) => /Password\s+Demo-Passw0rd\s/.test(l))).toBe(true);
    expect(banner).not.toContain("{");
    // A box of equal-width lines, so it reads as one block in a terminal.
    const boxed = lines.filter((l) => l.length > 0);
    expect(new Set(boxed.map((l) => l.length)).size).toBe(1);
  });
});
