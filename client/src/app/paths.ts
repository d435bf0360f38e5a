/** Routes of spec 01 §2 and spec 02 that the shell links to. */
export const paths = {
  console: "/app/console",
  shipments: "/app/console/shipments",
  newShipment: "/app/console/shipments/new",
  team: "/app/console/team",
  companySettings: "/app/console/settings/company",
  accountSettings: "/app/console/settings",
  notificationSettings: "/app/console/settings/notifications",
  plans: "/app/console/plans",
  upgrade: "/app/console/plans/upgrade",
  api: "/app/console/api",
  signIn: "/app/auth/signin",
  /** Server route that signs the user in to the help site (spec 01 §7, GET /sso). */
  help: "/sso",
} as const;
