import { LANGUAGES } from "../../../shared/enums";
import { UpdateAccountInput } from "../../../shared/schemas";
import { UpdateNotificationSettingsInput } from "../../../shared/schemas/notifications";
import { isAppError } from "../../core/app-error";
import { describedEnum } from "../../graphql/describe";
import type { GraphqlContext, GraphqlModule } from "../../graphql/module";
import { fieldsOf, once, roleView } from "../../graphql/support";
import { getApiKey } from "../api/api-tokens.service";
import { updateAccount } from "../auth/account.service";
import { NOTIFICATION_SETTINGS_INPUT_SDL } from "../notifications/notifications.graphql";
import { updateNotificationSettings } from "../notifications/settings.service";
import { getTeamSwitcher } from "../teams/switcher.service";
import { getViewer, type Viewer } from "./viewer.service";

// The signed-in person (spec 01 §7 viewer, viewerNullable; spec 02 §3 User, §7 updateUser). The
// User type is always the viewer, so fields read from the viewer's own services.

const ACCOUNT_FIELDS = ["nickname", "language"] as const;

function toUser(ctx: GraphqlContext, viewer: Viewer) {
  const { account } = viewer;
  return {
    id: account.id,
    email: account.email,
    nickname: account.nickname,
    color: account.color,
    language: account.language,
    createdAt: account.createdAt,
    isEmailVerified: account.isEmailVerified,
    isMultiFactorEnabled: account.isMultiFactorEnabled,
    role: viewer.role ? roleView(ctx.service, viewer.role) : null,
    teams: viewer.teams,
    company: viewer.company,
  };
}

const viewerOnce = (ctx: GraphqlContext) => once(ctx.service, "viewer", () => getViewer(ctx.service));

export const accountGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    ${describedEnum("Language", "The language of the console, e-mails and answers' messages.", LANGUAGES, {
      en: "English.",
      ja: "Japanese.",
    })}
    "A role of the company: one of the four fixed roles (spec 02 §3)."
    type Role {
      "The fixed role id: 00000000-0000-0000-0000-00000000000N with N 0 Admin, 1 Manager, 2 Operator, 3 Readonly."
      id: ID!
      "The role's name in the request's language."
      name: String!
    }
    "The signed-in person (the viewer): every field is the viewer's own."
    type User {
      "The person's user id."
      id: ID!
      "Their e-mail address."
      email: String!
      "Their nickname."
      nickname: String!
      "Their colour (#rrggbb), for their avatar."
      color: String!
      "The language of their console and e-mails."
      language: Language!
      "When the account was created, an ISO 8601 instant in UTC."
      createdAt: String!
      "Whether the e-mail address was verified."
      isEmailVerified: Boolean!
      "Whether sign-in asks for a second factor (TOTP)."
      isMultiFactorEnabled: Boolean!
      "Null when the person belongs to no company."
      role: Role
      "The active teams the person belongs to, oldest first."
      teams: [Team!]!
      "Teams of other companies the person is a guest of."
      guestTeams: [Team!]!
      "The person's company; null when they have none."
      company: Company
      "The viewer's API key, masked (the key itself is shown only when issued); Admins only."
      apiToken: String
    }
    "The viewer's changes to their account and notification settings; omitted fields stay as they are."
    input UpdateUserInput {
      "A new nickname."
      nickname: String
      "A new language."
      language: Language
      ${NOTIFICATION_SETTINGS_INPUT_SDL}
      "When the new-shipment subscription changes, apply it to existing shipments too (default true)."
      applyToExistingShipments: Boolean
    }
    extend type Query {
      "The signed-in person; UNAUTHENTICATED when not signed in."
      viewer: User!
      "The viewer, or null when not signed in."
      viewerNullable: User
    }
    # The root Mutation type is defined here once; every other module extends it.
    type Mutation {
      "The viewer's nickname, language and notification settings (the settings need a company)."
      updateUser(
        "What changes."
        input: UpdateUserInput!
      ): User!
    }
  `,
  resolvers: {
    Query: {
      viewer: async (_root, _args, ctx) => toUser(ctx, await viewerOnce(ctx)),
      viewerNullable: async (_root, _args, ctx) => {
        try {
          return toUser(ctx, await viewerOnce(ctx));
        } catch (err) {
          if (isAppError(err) && err.code === "UNAUTHENTICATED") return null;
          throw err;
        }
      },
    },
    Mutation: {
      updateUser: async (_root, args: { input: Record<string, unknown> }, ctx) => {
        const { nickname, language, ...rest } = args.input;
        const account = UpdateAccountInput.parse({ nickname, language });
        const settings = UpdateNotificationSettingsInput.parse(rest);
        // Settings first: they need a company, so a refusal there leaves the nickname unchanged too.
        if (Object.values(settings).some((v) => v !== undefined))
          await updateNotificationSettings(ctx.service, settings);
        if (ACCOUNT_FIELDS.some((k) => account[k] !== undefined)) await updateAccount(ctx.service, account);
        return toUser(ctx, await getViewer(ctx.service));
      },
    },
    // A guest team's answer carries its company's name; any other is one of the viewer's company's.
    Team: fieldsOf<{ companyName?: unknown }>({
      companyName: async (team, _args, ctx) => {
        if (typeof team.companyName === "string") return team.companyName;
        const viewer = await viewerOnce(ctx);
        return viewer.company?.companyName ?? null;
      },
    }),
    User: {
      apiToken: async (_user, _args, ctx) => (await getApiKey(ctx.service))?.maskedKey ?? null,
      guestTeams: async (_user, _args, ctx) => {
        const switcher = await getTeamSwitcher(ctx.service);
        return switcher.guestCompanies.flatMap((c) =>
          c.teams.map((t) => ({ ...t, companyName: c.companyName })),
        );
      },
    },
  },
};
