import type { ShippingLine, TrackingType } from "../../../shared/enums";
import { envSnapshot, loadConfig } from "../../config";
import { type CarrierEndpoint, carrierEndpoint } from "./carrier-config";
import type { FetchTracking, FetchTrackingOptions, TrackingResult } from "./carriers.types";
import { fetchDcsaTracking } from "./dcsa/dcsa.adapter";

// The one entry point of the tracking engine into the carriers: pick the line's endpoint (its
// configured DCSA API, else the simulator) and fetch through the DCSA adapter.

function resolve(line: ShippingLine, opts: FetchTrackingOptions): CarrierEndpoint {
  const env = opts.env ?? envSnapshot();
  const appUrl = opts.appUrl ?? loadConfig(env as NodeJS.ProcessEnv).APP_URL;
  return carrierEndpoint(line, env, appUrl);
}

export const fetchTracking: FetchTracking = (line, trackingType, trackingNumber, opts = {}) =>
  fetchDcsaTracking(resolve(line, opts), trackingType, trackingNumber, opts);

export interface CarrierClient {
  fetchTracking(
    line: ShippingLine,
    trackingType: TrackingType,
    trackingNumber: string,
    opts?: Pick<FetchTrackingOptions, "signal">,
  ): Promise<TrackingResult>;
  endpoint(line: ShippingLine): CarrierEndpoint;
}

/** A client with its options fixed once (a worker builds one; endpoints are resolved once per line). */
export function createCarrierClient(
  defaults: FetchTrackingOptions & {
    /**
     * False where no simulator is served (production without CARRIER_SIMULATOR): a line without a
     * configured endpoint is then unavailable — never "not found", which would fail and archive
     * live shipments.
     */
    simulatorAvailable?: boolean;
  } = {},
): CarrierClient {
  const env = defaults.env ?? envSnapshot();
  const appUrl = defaults.appUrl ?? loadConfig(env as NodeJS.ProcessEnv).APP_URL;
  const endpoints = new Map<ShippingLine, CarrierEndpoint>();
  const endpoint = (line: ShippingLine) => {
    let e = endpoints.get(line);
    if (!e) {
      e = carrierEndpoint(line, env, appUrl);
      endpoints.set(line, e);
    }
    return e;
  };
  return {
    endpoint,
    fetchTracking: async (line, trackingType, trackingNumber, opts = {}) => {
      const target = endpoint(line);
      if (target.simulated && defaults.simulatorAvailable === false) {
        return {
          ok: false,
          failure: {
            kind: "CARRIER_UNAVAILABLE",
            message: `no endpoint configured for ${line} (CARRIER_${line}_URL)`,
          },
        };
      }
      return fetchDcsaTracking(target, trackingType, trackingNumber, { ...defaults, ...opts });
    },
  };
}
