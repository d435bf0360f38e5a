import type { Messages } from "../types";

export const common: Messages["common"] = {
  appName: "Tracking",
  language: { label: "言語", en: "English", ja: "日本語" },
  loading: "読み込み中…",
  reload: "再読み込み",
  cancel: "キャンセル",
  save: "保存",
  close: "閉じる",
  retry: "再試行",
  you: "あなた",
  premium: {
    badge: "Premium限定",
    badgeLabel: "Premium限定: {{feature}}について",
    title: "Premiumプランの機能です",
    body: "{{feature}}はPremiumプランとEnterpriseプランでご利用いただけます。ご利用にはプランのアップグレードが必要です。",
    askAdmin: "プランのアップグレードは会社の管理者に依頼してください。",
    viewPlans: "プランを見る",
  },
  toast: {
    viewport: "通知 ({{hotkey}})",
    announce: "通知",
    error: "エラー:",
    success: "完了:",
  },
};
