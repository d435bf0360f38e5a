import { accountGraphql } from "../modules/account/account.graphql";
import { apiGraphql } from "../modules/api/api.graphql";
import { attachmentsGraphql } from "../modules/attachments/graphql/attachments.graphql";
import { carriersGraphql } from "../modules/carriers/carriers.graphql";
import { companiesGraphql } from "../modules/companies/companies.graphql";
import { cyberportGraphql } from "../modules/cyberport/cyberport.graphql";
import { invitationsGraphql } from "../modules/invitations/invitations.graphql";
import { membersGraphql } from "../modules/members/members.graphql";
import { notificationsGraphql } from "../modules/notifications/notifications.graphql";
import { plansGraphql } from "../modules/plans/plans.graphql";
import { shareGraphql } from "../modules/share/share.graphql";
import { shipmentsGraphql } from "../modules/shipments/graphql/shipments.graphql";
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
  attachmentsGraphql,
  shareGraphql,
  plansGraphql,
  cyberportGraphql,
];
