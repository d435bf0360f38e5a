import { InferTrackingInput } from "../../../shared/schemas/shipments";
import { publicProcedure, router } from "../../trpc/init";
import { listShippingLines } from "./carriers.service";
import { inferTracking } from "./inference.service";
import { listLineNotices } from "./notices.service";

export const carriersRouter = router({
  shippingLines: publicProcedure.query(({ ctx }) => listShippingLines(ctx.service)),
  notices: publicProcedure.query(({ ctx }) => listLineNotices(ctx.service)),
  infer: publicProcedure
    .input(InferTrackingInput)
    .query(({ ctx, input }) => inferTracking(ctx.service, input)),
});
