import type { Messages } from "../types";

export const validation: Messages["validation"] = {
  required: "この項目は必須です",
};
