export const shipmentList = {
  title: "shipmentList",
} as const;
