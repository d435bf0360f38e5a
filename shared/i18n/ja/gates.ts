import type { Messages } from "../types";

export const gates: Messages["gates"] = {
  loading: "コンソールを読み込んでいます…",
  loadFailed: "アカウント情報を読み込めませんでした。接続を確認して、もう一度お試しください。",
  retry: "再試行",
  logout: "ログアウト",
  trialEnded: {
    title: "トライアル期間が終了しました",
    body: "30日間の無料トライアルが終了しました。引き続きシップメントを追跡するには、サポートまでお問い合わせのうえプランをお選びください。",
    contactSupport: "サポートに問い合わせる",
  },
  approval: {
    title: "承認が必要です",
    body: "ご登録ありがとうございます。現在、貴社の情報を確認しています。承認されましたらメールでお知らせします。通常1営業日ほどかかります。",
    company: "会社: {{name}}",
    cancelTrial: "トライアルをキャンセル",
    confirmTitle: "無料トライアルをキャンセルしますか？",
    confirmBody:
      "貴社のトライアル申し込みを取り下げ、コンソールは利用できなくなります。この操作は取り消せません。",
    confirm: "トライアルをキャンセル",
    keep: "申し込みを続ける",
    cancelled: "無料トライアルをキャンセルしました。",
  },
  banner: {
    churnTitle: "ご契約は終了しました",
    churnBody:
      "登録済みの貨物は引き続きご覧いただけますが、新しい貨物の追加や更新はできず、スケジュール変更のメールも送信されません。",
    churnChoosePlan: "プランを選ぶ",
    churnAskAdmin: "プランの選択は会社の管理者にご依頼ください。",
    waitingContract: "アップグレードありがとうございます。新しい契約は {{date}} に開始します。",
    waitingContractNoDate: "アップグレードありがとうございます。新しい契約はまもなく開始します。",
  },
  trialModal: {
    title: "無料トライアルがまもなく終了します",
    endsToday: "トライアルは本日終了します。",
    endsIn_one: "トライアルはあと {{count}} 日で終了します。",
    endsIn_other: "トライアルはあと {{count}} 日で終了します。",
    body: "有料プランにアップグレードすると、中断なくシップメントの追跡を続けられます。",
    askAdmin: "会社の管理者にプランのアップグレードを依頼してください。",
    seePlans: "プランを見る",
    later: "あとで",
  },
};
