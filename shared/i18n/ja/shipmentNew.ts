import type { Messages } from "../types";

export const shipmentNew: Messages["shipmentNew"] = {
  title: "shipmentNew",
};
