export const crash = {
  title: "Something went wrong",
  notified: "An unexpected error stopped this page. Our team has been notified.",
  hint: "Reloading usually helps. If the problem continues, clear the cache and try again.",
  details: "Technical details",
  reload: "Reload",
  clearCacheAndRetry: "Clear cache and retry",
} as const;
