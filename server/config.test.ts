import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("configuration", () => {
  it("has working defaults on an empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      EMBEDDED_PG_PORT: 54329,
      ROLE: "all",
      APP_URL: "http://localhost:3000",
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBeUndefined();
  });

  it("fails fast naming each bad variable", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_URL: "not a url", ROLE: "both" })).toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
    expect(() => loadConfig({ ROLE: "both" })).toThrow(/ROLE/);
  });

  it("trusts no proxy unless told to", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1,::1" }).TRUST_PROXY).toBe("127.0.0.1,::1");
  });

  it("reads booleans strictly", () => {
    expect(loadConfig({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
    expect(loadConfig({ AUTO_APPROVE_COMPANIES: "1" }).AUTO_APPROVE_COMPANIES).toBe(true);
    expect(() => loadConfig({ SEED_DEMO: "yes" })).toThrow(/SEED_DEMO/);
  });
});
