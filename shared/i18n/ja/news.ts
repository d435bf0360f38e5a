import type { Messages } from "../types";

export const news: Messages["news"] = {
  bell: "通知",
  bellUnread_one: "通知（未読 {{count}} 件）",
  bellUnread_other: "通知（未読 {{count}} 件）",
  title: "お知らせ",
  empty: "お知らせはまだありません。",
  unread: "新着",
};
