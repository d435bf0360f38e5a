export const teams = {
  onboarding: {
    title: "Join a team",
    description:
      "Shipments are tracked by teams. Join the teams you work with, or create a new one, then continue to the console.",
    listLabel: "Teams of {{company}}",
    members_one: "{{count}} member",
    members_other: "{{count}} members",
    join: "Join",
    joined: "Joined",
    joinTeam: "Join {{name}}",
    create: "Create a New Team",
    done: "Done",
    doneHint: "Join or create at least one team to continue.",
    empty: "Your company has no teams yet.",
    emptyAskAdmin: "Ask an administrator of your company to create a team, then join it here.",
    loadFailed: "The teams could not be loaded.",
    retry: "Try again",
  },
  createDialog: {
    title: "Create a New Team",
    nameLabel: "Team name",
    submit: "Create",
    cancel: "Cancel",
    created: "Team {{name}} created",
  },
} as const;
