export const shipmentNew = {
  title: "shipmentNew",
} as const;
