import { router } from "../../trpc/init";

export const companiesRouter = router({});
