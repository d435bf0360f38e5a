export const news = {
  bell: "Notifications",
  bellUnread_one: "Notifications, {{count}} unread",
  bellUnread_other: "Notifications, {{count}} unread",
  title: "News",
  empty: "No news yet.",
  unread: "New",
} as const;
