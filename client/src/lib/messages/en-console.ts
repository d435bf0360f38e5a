import { account } from "../../../../shared/i18n/en/account";
import { activities } from "../../../../shared/i18n/en/activities";
import { apiSettings } from "../../../../shared/i18n/en/apiSettings";
import { attachments } from "../../../../shared/i18n/en/attachments";
import { calendarFeed } from "../../../../shared/i18n/en/calendarFeed";
import { company } from "../../../../shared/i18n/en/company";
import { cyberport } from "../../../../shared/i18n/en/cyberport";
import { debug } from "../../../../shared/i18n/en/debug";
import { news } from "../../../../shared/i18n/en/news";
import { notifications } from "../../../../shared/i18n/en/notifications";
import { plans } from "../../../../shared/i18n/en/plans";
import { roles } from "../../../../shared/i18n/en/roles";
import { share } from "../../../../shared/i18n/en/share";
import { shipment } from "../../../../shared/i18n/en/shipment";
import { shipmentDetail } from "../../../../shared/i18n/en/shipmentDetail";
import { shipmentList } from "../../../../shared/i18n/en/shipmentList";
import { shipmentNew } from "../../../../shared/i18n/en/shipmentNew";
import { teams } from "../../../../shared/i18n/en/teams";
import { tracking } from "../../../../shared/i18n/en/tracking";

// Every other message the console shows, loaded with its first page beyond the sign-in screens.
// The server's own namespaces (mail, pages) are not sent to the browser.
export const messages = {
  news,
  tracking,
  debug,
  account,
  teams,
  cyberport,
  company,
  roles,
  shipment,
  shipmentNew,
  shipmentDetail,
  shipmentList,
  share,
  activities,
  attachments,
  notifications,
  plans,
  apiSettings,
  calendarFeed,
};
