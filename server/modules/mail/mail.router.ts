import { router } from "../../trpc/init";

export const debugRouter = router({});
