import { carriersRouter } from "../modules/carriers/carriers.router";
import { router } from "./init";

export const appRouter = router({
  carriers: carriersRouter,
});

export type AppRouter = typeof appRouter;
