import type { Messages } from "../types";

export const shipmentDetail: Messages["shipmentDetail"] = {
  title: "shipmentDetail",
};
