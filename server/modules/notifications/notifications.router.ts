import { UnsubscribeInput, UpdateNotificationSettingsInput } from "../../../shared/schemas/notifications";
import { router, serviceProcedure } from "../../trpc/init";
import {
  applyNotificationSettingsToExistingShipments,
  getNotificationSettings,
  updateNotificationSettings,
} from "./settings.service";
import { unsubscribeByToken } from "./unsubscribe.service";

/** The viewer's notification settings and the unsubscribe page (spec 02 §2, §7). */
export const notificationsRouter = router({
  settings: serviceProcedure.query(({ ctx }) => getNotificationSettings(ctx.service)),
  updateSettings: serviceProcedure
    .input(UpdateNotificationSettingsInput)
    .mutation(({ ctx, input }) => updateNotificationSettings(ctx.service, input)),
  applyToExistingShipments: serviceProcedure.mutation(({ ctx }) =>
    applyNotificationSettingsToExistingShipments(ctx.service),
  ),
  // Anyone holding the token: the page is opened from an e-mail, often without a session.
  unsubscribe: serviceProcedure
    .input(UnsubscribeInput)
    .mutation(({ ctx, input }) => unsubscribeByToken(ctx.service, input)),
});
