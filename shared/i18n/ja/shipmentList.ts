import type { Messages } from "../types";

export const shipmentList: Messages["shipmentList"] = {
  title: "shipmentList",
};
