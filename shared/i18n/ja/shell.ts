import type { Messages } from "../types";

export const shell: Messages["shell"] = {
  skipToContent: "本文へスキップ",
  nav: {
    label: "メインナビゲーション",
    shipments: "シップメント",
    newShipment: "新規シップメント",
    team: "チーム",
  },
  mobileMenu: { open: "ナビゲーションを開く", close: "ナビゲーションを閉じる" },
  teamSwitcher: {
    label: "現在のチーム",
    yourTeams: "所属チーム",
    headquarters: "本社",
    headquartersHint: "全チーム",
    guestGroup: "{{company}}(ゲスト)",
    allTeams: "すべてのチームを見る",
    newTeam: "新しいチーム",
  },
  topBar: {
    label: "アカウントの状況",
    trackingCount_one: "トラッキング {{count}} 件",
    trackingCount_other: "トラッキング {{count}} 件",
    trackingCountOfLimit: "トラッキング {{count}} / {{limit}} 件",
    trialDaysLeft_one: "トライアル残り {{count}} 日",
    trialDaysLeft_other: "トライアル残り {{count}} 日",
    trialEndsToday: "トライアルは本日終了",
    upgrade: "アップグレード",
  },
  userMenu: {
    label: "ユーザーメニュー",
    companyAndMembers: "会社とメンバー",
    accountSettings: "アカウント設定",
    notificationSettings: "通知設定",
    planAndPayment: "プランとお支払い",
    apiSettings: "API設定",
    help: "ヘルプ",
    logout: "ログアウト",
  },
  notFound: {
    code: "404",
    title: "ページが見つかりません",
    description: "お探しのページは存在しないか、移動した可能性があります。",
    backToConsole: "コンソールに戻る",
  },
};
