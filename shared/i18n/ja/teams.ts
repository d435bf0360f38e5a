import type { Messages } from "../types";

export const teams: Messages["teams"] = {
  onboarding: {
    title: "チームに参加する",
    description:
      "シップメントはチーム単位で管理されます。担当するチームに参加するか新しいチームを作成してから、コンソールへ進んでください。",
    listLabel: "{{company}} のチーム",
    members_one: "メンバー {{count}} 名",
    members_other: "メンバー {{count}} 名",
    join: "参加",
    joined: "参加済み",
    joinTeam: "{{name}} に参加",
    create: "新しいチームを作成",
    done: "完了",
    doneHint: "続行するには、少なくとも 1 つのチームに参加するか作成してください。",
    empty: "会社にはまだチームがありません。",
    emptyAskAdmin: "会社の管理者にチームの作成を依頼し、ここで参加してください。",
    loadFailed: "チームを読み込めませんでした。",
    retry: "再試行",
  },
  createDialog: {
    title: "新しいチームを作成",
    nameLabel: "チーム名",
    submit: "作成",
    cancel: "キャンセル",
    created: "チーム {{name}} を作成しました",
  },
};
