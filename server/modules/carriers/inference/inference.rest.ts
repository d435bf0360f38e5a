import type { FastifyInstance } from "fastify";
import { InferTrackingInput } from "../../../../shared/schemas/shipments";
import { AppError } from "../../../core/app-error";
import { type RestRouteOptions, restContext } from "../../../rest/route-options";
import { inferTracking } from "./inference.service";

/** GET /ml/infer/:trackingNumber (spec 01 §7) → { shippingLine (null: ask for the line), trackingType }; mounted at the root. */
export async function inferenceRoutes(app: FastifyInstance, options: RestRouteOptions) {
  app.get("/ml/infer/:trackingNumber", async (req) => {
    const ctx = await restContext(options, req);
    const input = InferTrackingInput.safeParse(req.params);
    if (!input.success) throw new AppError("VALIDATION_FAILED");
    return inferTracking(ctx, input.data);
  });
}
