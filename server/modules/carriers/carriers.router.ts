import { InferTrackingInput } from "../../../shared/schemas/shipments";
import { router, serviceProcedure } from "../../trpc/init";
import { listShippingLines } from "./carriers.service";
import { inferTracking } from "./inference/inference.service";
import { listLineNotices } from "./notices/notices.service";

export const carriersRouter = router({
  shippingLines: serviceProcedure.query(({ ctx }) => listShippingLines(ctx.service)),
  notices: serviceProcedure.query(({ ctx }) => listLineNotices(ctx.service)),
  infer: serviceProcedure
    .input(InferTrackingInput)
    .query(({ ctx, input }) => inferTracking(ctx.service, input)),
});
