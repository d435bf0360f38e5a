import type { Messages } from "../types";

export const crash: Messages["crash"] = {
  title: "問題が発生しました",
  notified: "予期しないエラーによりページを表示できませんでした。担当チームに通知済みです。",
  hint: "再読み込みで解決することがあります。問題が続く場合は、キャッシュをクリアして再試行してください。",
  details: "技術的な詳細",
  reload: "再読み込み",
  clearCacheAndRetry: "キャッシュをクリアして再試行",
};
