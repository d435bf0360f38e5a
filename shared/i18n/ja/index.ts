import type { Messages } from "../types";
import { account } from "./account";
import { activities } from "./activities";
import { apiSettings } from "./apiSettings";
import { attachments } from "./attachments";
import { auth } from "./auth";
import { calendarFeed } from "./calendarFeed";
import { common } from "./common";
import { company } from "./company";
import { crash } from "./crash";
import { cyberport } from "./cyberport";
import { debug } from "./debug";
import { errors } from "./errors";
import { gates } from "./gates";
import { mail } from "./mail";
import { news } from "./news";
import { notifications } from "./notifications";
import { pages } from "./pages";
import { plans } from "./plans";
import { roles } from "./roles";
import { share } from "./share";
import { shell } from "./shell";
import { shipment } from "./shipment";
import { shipmentDetail } from "./shipmentDetail";
import { shipmentList } from "./shipmentList";
import { shipmentNew } from "./shipmentNew";
import { teams } from "./teams";
import { tracking } from "./tracking";
import { validation } from "./validation";

export const ja: Messages = {
  common,
  errors,
  validation,
  crash,
  news,
  shell,
  tracking,
  mail,
  debug,
  auth,
  gates,
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
  pages,
  plans,
  apiSettings,
  calendarFeed,
};
