export const common = {
  appName: "Tracking",
  language: { label: "Language", en: "English", ja: "日本語" },
  loading: "Loading…",
  reload: "Reload",
  cancel: "Cancel",
  save: "Save",
  close: "Close",
} as const;
