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

  it("refuses to start in production without SECRETS_KEY, naming it", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/SECRETS_KEY: is required in production/);
    expect(() => loadConfig({ NODE_ENV: "production", SECRETS_KEY: " " })).toThrow(/SECRETS_KEY/);
    const key = Buffer.alloc(32, 9);
    expect(loadConfig({ NODE_ENV: "production", SECRETS_KEY: key.toString("base64") }).SECRETS_KEY).toBe(
      key.toString("base64"),
    );
    expect(loadConfig({ NODE_ENV: "production", SECRETS_KEY: key.toString("hex") }).NODE_ENV).toBe(
      "production",
    );
    // Outside production a fixed development key stands in, but a key given must be a real one.
    expect(loadConfig({ NODE_ENV: "development" }).SECRETS_KEY).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: "development", SECRETS_KEY: "c2hvcnQ=" })).toThrow(
      /SECRETS_KEY: must be 32 bytes/,
    );
  });

  it("refuses an empty CLIENT_DIST_DIR, which would serve the working directory", () => {
    expect(() => loadConfig({ CLIENT_DIST_DIR: "" })).toThrow(/CLIENT_DIST_DIR/);
    expect(loadConfig({}).CLIENT_DIST_DIR).toBe("dist/client");
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
