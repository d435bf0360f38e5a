export const common = {
  appName: "Tracking",
  language: { label: "Language", en: "English", ja: "日本語" },
  loading: "Loading…",
  reload: "Reload",
  cancel: "Cancel",
  save: "Save",
  close: "Close",
  retry: "Try again",
  you: "You",
  premium: {
    badge: "Premium Only",
    badgeLabel: "Premium Only: about {{feature}}",
    title: "Available on Premium",
    body: "{{feature}} is available on the Premium and Enterprise plans. Upgrade your plan to use it.",
    askAdmin: "Ask an Admin of your company to upgrade the plan.",
    viewPlans: "View plans",
  },
  toast: {
    // {hotkey} (single braces) is filled in by Radix Toast with the key that focuses the list.
    viewport: "Notifications ({{hotkey}})",
    announce: "Notification",
    error: "Error:",
    success: "Done:",
  },
} as const;
