import type { ShippingLine } from "../../../shared/enums";

// Where each shipping line's DCSA Track & Trace endpoint is. The variables are read from an
// environment record (envSnapshot() in the app) so tests pass their own:
//   CARRIER_<LINE>_URL             base URL of the line's DCSA T&T 2.2 API (without /v2/events)
//   CARRIER_<LINE>_API_KEY         its API key, sent in the key header (optional)
//   CARRIER_<LINE>_API_KEY_HEADER  the header's name when the line does not use API-Key (optional)
// A line without a URL is tracked by the built-in simulator, reached over HTTP like a real carrier
// so the demo, the tests and production share one code path.

export const DEFAULT_API_KEY_HEADER = "API-Key";
export const SIMULATOR_PATH = "/sim/dcsa";

export interface CarrierEndpoint {
  line: ShippingLine;
  /** Base URL without a trailing slash; requests go to `${baseUrl}/v2/events`. */
  baseUrl: string;
  apiKey: string | null;
  apiKeyHeader: string;
  simulated: boolean;
}

type Env = Readonly<Record<string, string | undefined>>;

const trimSlash = (url: string) => url.replace(/\/+$/, "");
const value = (env: Env, name: string) => {
  const v = env[name]?.trim();
  return v ? v : undefined;
};

export function simulatorBaseUrl(appUrl: string, line: ShippingLine): string {
  return `${trimSlash(appUrl)}${SIMULATOR_PATH}/${line}`;
}

export function carrierEndpoint(line: ShippingLine, env: Env, appUrl: string): CarrierEndpoint {
  const url = value(env, `CARRIER_${line}_URL`);
  const apiKeyHeader = value(env, `CARRIER_${line}_API_KEY_HEADER`) ?? DEFAULT_API_KEY_HEADER;
  if (!url)
    return { line, baseUrl: simulatorBaseUrl(appUrl, line), apiKey: null, apiKeyHeader, simulated: true };
  return {
    line,
    baseUrl: trimSlash(url),
    apiKey: value(env, `CARRIER_${line}_API_KEY`) ?? null,
    apiKeyHeader,
    simulated: false,
  };
}
