import { UpdateUserRoleInput, UserIdInput } from "../../../shared/schemas/company";
import type { GraphqlModule } from "../../graphql/module";
import { roleView } from "../../graphql/support";
import { deleteUserFromCompany, listMembers, updateUserRole } from "./members.service";

// The company's people (spec 02 §3 Company.users) and the Admin's changes to them (spec 02 §7).

export const membersGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    "A person of the company (the Company and members page)."
    type CompanyUser {
      "The person's user id."
      id: ID!
      "Their e-mail address."
      email: String!
      "Their nickname."
      nickname: String!
      "Their colour (#rrggbb), for their avatar."
      color: String!
      "When they joined, an instant in UTC."
      createdAt: DateTime!
      "Their role."
      role: Role
      "The person's active teams."
      teams: [Team!]!
    }
    extend type Company {
      "The company's people. Admins and Managers (the Company and members page); null with an error for other roles."
      users: [CompanyUser!]
    }
    "A person's new role."
    input UpdateUserRoleInput {
      "A fixed role id (spec 02 §3): ...0 Admin, ...1 Manager, ...2 Operator, ...3 Readonly."
      roleId: ID!
    }
    "A person's role after a change."
    type UserRoleChange {
      "The person's user id."
      id: ID!
      "Their role now."
      role: Role!
    }
    extend type Mutation {
      "Removes the person from the company; their account stays, without a company. Returns their id. Admins."
      deleteUserFromCompany(
        "The person's user id."
        userId: ID!
      ): ID!
      "Changes a person's role; the company keeps at least one Admin. Admins."
      updateUserRole(
        "The person's user id."
        userId: ID!
        "The new role."
        input: UpdateUserRoleInput!
      ): UserRoleChange!
    }
  `,
  resolvers: {
    Mutation: {
      deleteUserFromCompany: async (_root, args, ctx) =>
        (await deleteUserFromCompany(ctx.service, UserIdInput.parse(args))).id,
      updateUserRole: async (_root, args, ctx) => {
        const changed = await updateUserRole(ctx.service, UpdateUserRoleInput.parse(args));
        return { id: changed.id, role: roleView(ctx.service, changed.role) };
      },
    },
    Company: {
      users: async (_company, _args, ctx) =>
        (await listMembers(ctx.service)).members.map((m) => ({
          id: m.id,
          email: m.email,
          nickname: m.nickname,
          color: m.color,
          createdAt: m.createdAt.toISOString(),
          role: m.role ? roleView(ctx.service, m.role) : null,
          teams: m.teams,
        })),
    },
  },
};
