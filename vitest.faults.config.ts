import { defineConfig } from "vitest/config";

// The fault suite (tests/faults): real server/main.ts processes killed and restarted around one
// embedded Postgres that the suite starts and stops itself. Separate from `npm test`, one file at a
// time, with long timeouts: recovery is waited for, never timed by an assertion.
export default defineConfig({
  test: {
    include: ["tests/faults/**/*.test.ts"],
    testTimeout: 300_000,
    hookTimeout: 240_000,
    pool: "forks",
    fileParallelism: false,
    env: { NODE_ENV: "test" },
  },
});
