import { account } from "../../../../shared/i18n/ja/account";
import { activities } from "../../../../shared/i18n/ja/activities";
import { apiSettings } from "../../../../shared/i18n/ja/apiSettings";
import { attachments } from "../../../../shared/i18n/ja/attachments";
import { calendarFeed } from "../../../../shared/i18n/ja/calendarFeed";
import { company } from "../../../../shared/i18n/ja/company";
import { cyberport } from "../../../../shared/i18n/ja/cyberport";
import { debug } from "../../../../shared/i18n/ja/debug";
import { news } from "../../../../shared/i18n/ja/news";
import { notifications } from "../../../../shared/i18n/ja/notifications";
import { plans } from "../../../../shared/i18n/ja/plans";
import { roles } from "../../../../shared/i18n/ja/roles";
import { share } from "../../../../shared/i18n/ja/share";
import { shipment } from "../../../../shared/i18n/ja/shipment";
import { shipmentDetail } from "../../../../shared/i18n/ja/shipmentDetail";
import { shipmentList } from "../../../../shared/i18n/ja/shipmentList";
import { shipmentNew } from "../../../../shared/i18n/ja/shipmentNew";
import { teams } from "../../../../shared/i18n/ja/teams";
import { tracking } from "../../../../shared/i18n/ja/tracking";

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
