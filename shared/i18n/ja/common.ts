import type { Messages } from "../types";

export const common: Messages["common"] = {
  appName: "Tracking",
  language: { label: "言語", en: "English", ja: "日本語" },
  loading: "読み込み中…",
  reload: "再読み込み",
  cancel: "キャンセル",
  save: "保存",
  close: "閉じる",
};
