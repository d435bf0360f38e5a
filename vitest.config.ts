import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{server,shared,client,tests,scripts}/**/*.test.{ts,tsx}"],
    globalSetup: ["tests/setup/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    env: { NODE_ENV: "test" },
  },
});
