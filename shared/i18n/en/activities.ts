export const activities = {
  title: "activities",
} as const;
