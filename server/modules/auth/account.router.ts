import { UpdateAccountInput } from "../../../shared/schemas";
import { publicProcedure, router } from "../../trpc/init";
import { DeleteAccountInput, deleteAccount, getViewer, updateAccount } from "./account.service";

export const accountRouter = router({
  viewer: publicProcedure.query(({ ctx }) => getViewer(ctx.service)),
  update: publicProcedure
    .input(UpdateAccountInput)
    .mutation(({ ctx, input }) => updateAccount(ctx.service, input)),
  // The session cookie stays until the next request finds its session gone and clears it;
  // POST /auth/delete_account does the same deletion and clears it at once.
  delete: publicProcedure.input(DeleteAccountInput).mutation(async ({ ctx, input }) => {
    await deleteAccount(ctx.service, input);
    return { ok: true as const };
  }),
});
