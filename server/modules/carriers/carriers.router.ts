import { InferTrackingInput } from "../../../shared/schemas/shipments";
import { publicProcedure, router } from "../../trpc/init";
import { listShippingLines } from "./carriers.service";
import { inferTracking } from "./inference.service";

export const carriersRouter = router({
  shippingLines: publicProcedure.query(({ ctx }) => listShippingLines(ctx.service)),
  infer: publicProcedure
    .input(InferTrackingInput)
    .query(({ ctx, input }) => inferTracking(ctx.service, input)),
});
