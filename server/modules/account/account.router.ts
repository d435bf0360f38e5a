import { UpdateAccountInput } from "../../../shared/schemas";
import { router, serviceProcedure } from "../../trpc/init";
import { DeleteAccountInput, deleteAccount, updateAccount } from "../auth/account.service";
import { getViewer } from "./viewer.service";

// tRPC account.*: the viewer (this module's) and the own-account changes (auth's).
export const accountRouter = router({
  viewer: serviceProcedure.query(({ ctx }) => getViewer(ctx.service)),
  update: serviceProcedure
    .input(UpdateAccountInput)
    .mutation(({ ctx, input }) => updateAccount(ctx.service, input)),
  // The session cookie stays until the next request finds its session gone and clears it;
  // POST /auth/delete_account does the same deletion and clears it at once.
  delete: serviceProcedure.input(DeleteAccountInput).mutation(async ({ ctx, input }) => {
    await deleteAccount(ctx.service, input);
    return { ok: true as const };
  }),
});
