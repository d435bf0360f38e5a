export const validation = {
  required: "This field is required",
} as const;
