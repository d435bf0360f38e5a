import { UnsubscribeInput, UpdateNotificationSettingsInput } from "../../../shared/schemas/notifications";
import { publicProcedure, router } from "../../trpc/init";
import {
  applyNotificationSettingsToExistingShipments,
  getNotificationSettings,
  updateNotificationSettings,
} from "./settings.service";
import { unsubscribeByToken } from "./unsubscribe.service";

/** The viewer's notification settings and the unsubscribe page (spec 02 §2, §7). */
export const notificationsRouter = router({
  settings: publicProcedure.query(({ ctx }) => getNotificationSettings(ctx.service)),
  updateSettings: publicProcedure
    .input(UpdateNotificationSettingsInput)
    .mutation(({ ctx, input }) => updateNotificationSettings(ctx.service, input)),
  applyToExistingShipments: publicProcedure.mutation(({ ctx }) =>
    applyNotificationSettingsToExistingShipments(ctx.service),
  ),
  // Anyone holding the token: the page is opened from an e-mail, often without a session.
  unsubscribe: publicProcedure
    .input(UnsubscribeInput)
    .mutation(({ ctx, input }) => unsubscribeByToken(ctx.service, input)),
});
