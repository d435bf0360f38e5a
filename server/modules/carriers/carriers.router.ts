import { InferTrackingInput } from "../../../shared/schemas/shipments";
import { serviceProcedure, router } from "../../trpc/init";
import { listShippingLines } from "./carriers.service";
import { inferTracking } from "./inference.service";
import { listLineNotices } from "./notices.service";

export const carriersRouter = router({
  shippingLines: serviceProcedure.query(({ ctx }) => listShippingLines(ctx.service)),
  notices: serviceProcedure.query(({ ctx }) => listLineNotices(ctx.service)),
  infer: serviceProcedure
    .input(InferTrackingInput)
    .query(({ ctx, input }) => inferTracking(ctx.service, input)),
});
