/** Routes of spec 01 §2 and spec 02 that the shell links to. */
export const paths = {
  console: "/app/console",
  shipments: "/app/console/shipments",
  newShipment: "/app/console/shipments/new",
  team: "/app/console/team",
  teamsSwitch: "/app/console/teams/switch",
  newTeam: "/app/console/teams/new",
  companySettings: "/app/console/settings/company",
  roles: "/app/console/settings/roles",
  accountSettings: "/app/console/settings",
  notificationSettings: "/app/console/settings/notifications",
  unsubscribe: "/app/unsubscribe",
  plans: "/app/console/plans",
  upgrade: "/app/console/plans/upgrade",
  api: "/app/console/api",
  onboarding: "/app/console/onboarding",
  signIn: "/app/auth/signin",
  signUp: "/app/auth/signup",
  passwordReset: "/app/auth/password-reset",
  submitNewPassword: "/app/auth/submit-new-password",
  multiFactor: "/app/auth/multi-factor-authentication",
  tryEmailVerification: "/app/auth/try-email-verification",
  emailVerification: "/app/auth/email-verification",
  createCompany: "/app/auth/create-company",
  terms: "/legal/terms/",
  privacy: "/legal/privacy/",
  debugInfo: "/app/debug_info",
  /** The server's help: SUPPORT_URL when configured, else the built-in help page (decision 0068). */
  help: "/help/",
} as const;

/** Help in the console's language (the server page cannot see the language kept in the browser). */
export function helpHref(language: string, section?: "contact"): string {
  return `${paths.help}?lang=${encodeURIComponent(language)}${section ? `#${section}` : ""}`;
}
