import type { Messages } from "../types";

export const activities: Messages["activities"] = {
  title: "activities",
};
