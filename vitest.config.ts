import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{server,shared,client,tests,scripts}/**/*.test.{ts,tsx}"],
    // The fault suite kills real processes and has its own run (npm run test:faults).
    exclude: ["**/node_modules/**", "tests/faults/**"],
    globalSetup: ["tests/setup/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    env: { NODE_ENV: "test" },
  },
});
