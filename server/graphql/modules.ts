import { apiGraphql } from "../modules/api/api.graphql";
import { accountGraphql } from "../modules/auth/account.graphql";
import { carriersGraphql } from "../modules/carriers/carriers.graphql";
import { companiesGraphql } from "../modules/companies/companies.graphql";
import { invitationsGraphql } from "../modules/invitations/invitations.graphql";
import { membersGraphql } from "../modules/members/members.graphql";
import { notificationsGraphql } from "../modules/notifications/notifications.graphql";
import { shipmentsGraphql } from "../modules/shipments/shipments.graphql";
import { teamsGraphql } from "../modules/teams/teams.graphql";
import type { GraphqlModule } from "./module";

/** Every module's part of the API customers' schema. A module adds one line here. */
export const graphqlModules: GraphqlModule[] = [
  apiGraphql,
  carriersGraphql,
  shipmentsGraphql,
  accountGraphql,
  companiesGraphql,
  teamsGraphql,
  membersGraphql,
  invitationsGraphql,
  notificationsGraphql,
];
