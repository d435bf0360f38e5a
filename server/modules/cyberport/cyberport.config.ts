import type { Config } from "../../config";
import { type SecretBox, secretBoxFor } from "../../core/secret-box";
import { type CyberportClient, createCyberportClient } from "./cyberport.adapter";

// Where the port-community API is: CYBERPORT_API_URL, else the built-in simulator this app serves
// at /sim/cyberport outside production (reached over HTTP like the real one, as the carrier
// simulator is). A production deployment without the variable has no integration to offer.

export const CYBERPORT_SIMULATOR_PATH = "/sim/cyberport";

type EndpointConfig = Pick<Config, "CYBERPORT_API_URL" | "APP_URL" | "NODE_ENV">;

export function cyberportSimulatorServed(config: Pick<Config, "NODE_ENV">): boolean {
  return config.NODE_ENV !== "production";
}

/** The API's base URL, or null when this deployment has none. */
export function cyberportBaseUrl(config: EndpointConfig): string | null {
  if (config.CYBERPORT_API_URL) return config.CYBERPORT_API_URL.replace(/\/+$/, "");
  if (!cyberportSimulatorServed(config)) return null;
  return `${config.APP_URL.replace(/\/+$/, "")}${CYBERPORT_SIMULATOR_PATH}`;
}

/** What the import job needs: the API client (null without an endpoint) and the key the credentials are sealed with. */
export interface CyberportRuntime {
  client: CyberportClient | null;
  secrets: SecretBox;
}

/**
 * The secret box, built on first use: reading the panel's state or starting a worker needs no key,
 * so a deployment that lacks SECRETS_KEY (required in production) fails only where a credential is
 * sealed or opened, with the secret box's own message.
 */
export function lazySecretBox(config: Pick<Config, "SECRETS_KEY" | "NODE_ENV">): SecretBox {
  let box: SecretBox | undefined;
  const get = () => {
    box ??= secretBoxFor(config);
    return box;
  };
  return {
    seal: (plaintext) => get().seal(plaintext),
    open: (sealed) => get().open(sealed),
    sign: (purpose, data) => get().sign(purpose, data),
  };
}

export function createCyberportRuntime(
  config: EndpointConfig & Pick<Config, "SECRETS_KEY">,
  fetchImpl?: typeof fetch,
): CyberportRuntime {
  const baseUrl = cyberportBaseUrl(config);
  return {
    client: baseUrl ? createCyberportClient({ baseUrl, ...(fetchImpl ? { fetch: fetchImpl } : {}) }) : null,
    secrets: lazySecretBox(config),
  };
}
