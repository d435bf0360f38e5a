import type { z } from "zod";
import type { InferTrackingInput } from "../../../../shared/schemas/shipments";
import { AppError } from "../../../core/app-error";
import { authorize } from "../../../core/authz";
import type { ServiceContext } from "../../../core/context";
import { type InferredTracking, inferTrackingType } from "./inference";

/**
 * GET /ml/infer/{trackingNumber} and carriers.infer: the first step of adding a shipment (spec 01
 * §3), so whoever may add shipments may ask, in an approved company under contract
 * (docs/decisions/0058-standing-in-authorize.md); nothing is stored.
 * `shippingLine` is null when the number is surely a container number but its owner (a lessor,
 * a forwarder, an unlisted line) does not say which line carries it: the form asks for the line.
 */
export async function inferTracking(
  ctx: ServiceContext,
  input: z.infer<typeof InferTrackingInput>,
): Promise<InferredTracking> {
  await authorize(ctx, "shipment.create");
  const inferred = inferTrackingType(input.trackingNumber);
  if (!inferred) throw new AppError("TRACKING_TYPE_INFERENCE_FAILED");
  return { shippingLine: inferred.shippingLine, trackingType: inferred.trackingType };
}
