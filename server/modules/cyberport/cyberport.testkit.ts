import Fastify from "fastify";
import type { Clock } from "../../core/clock";
import { type SecretBox, secretBoxFor } from "../../core/secret-box";
import { injectFetch } from "../carriers/simulator/inject-fetch";
import { createCyberportClient } from "./cyberport.adapter";
import type { CyberportRuntime } from "./cyberport.config";
import type { CyberportDeps } from "./cyberport.service";
import { SIMULATOR_CREDENTIALS } from "./simulator.data";
import { cyberportSimulatorRoutes } from "./simulator.routes";

// For tests: the port-community simulator in-process (its real routes behind Fastify's inject),
// the runtime the import job gets, and the demo credentials as the panel sends them.

export const SIMULATOR_BASE_URL = "http://cyberport.sim.test/sim/cyberport";

export const testSecrets: SecretBox = secretBoxFor({ NODE_ENV: "test", SECRETS_KEY: undefined });

export const testDeps: CyberportDeps = { secrets: testSecrets, available: true };

export async function startSimulator(clock: Clock) {
  const app = Fastify({ logger: false });
  await app.register(cyberportSimulatorRoutes, { prefix: "/sim/cyberport", clock });
  await app.ready();
  return { fetch: injectFetch(app), close: () => app.close() };
}

export function runtimeWith(fetchImpl: typeof fetch, timeoutMs?: number): CyberportRuntime {
  return {
    client: createCyberportClient({
      baseUrl: SIMULATOR_BASE_URL,
      fetch: fetchImpl,
      ...(timeoutMs ? { timeoutMs } : {}),
    }),
    secrets: testSecrets,
  };
}

export const DEMO_CREDENTIALS_INPUT = {
  cyberportLoginUsername: SIMULATOR_CREDENTIALS.loginUsername,
  cyberportLoginPassword: SIMULATOR_CREDENTIALS.loginPassword,
  cyberportAppId: SIMULATOR_CREDENTIALS.appId,
  cyberportClientId: SIMULATOR_CREDENTIALS.clientId,
  cyberportClientSecret: SIMULATOR_CREDENTIALS.clientSecret,
};
