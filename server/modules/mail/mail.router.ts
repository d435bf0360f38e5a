import { router, serviceProcedure } from "../../trpc/init";
import { listDevelopmentOutbox } from "./outbox.service";

/** Internal tools behind /app/debug_info. */
export const debugRouter = router({
  outbox: serviceProcedure.query(({ ctx }) =>
    // Everyone's mail, links included: a tool for the developer's own machine only.
    listDevelopmentOutbox(ctx.service, { production: ctx.config.NODE_ENV !== "development" }),
  ),
});
