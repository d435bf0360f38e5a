import { publicProcedure, router } from "../../trpc/init";
import { listShippingLines } from "./carriers.service";

export const carriersRouter = router({
  shippingLines: publicProcedure.query(({ ctx }) => listShippingLines(ctx.service)),
});
