export const shipmentDetail = {
  title: "shipmentDetail",
} as const;
