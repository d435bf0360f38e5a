import { UpdateUserRoleInput, UserIdInput } from "../../../shared/schemas/company";
import type { GraphqlModule } from "../../graphql/module";
import { roleView } from "../auth/graphql-support";
import { deleteUserFromCompany, listMembers, updateUserRole } from "./members.service";

// The company's people (spec 02 §3 Company.users) and the Admin's changes to them (spec 02 §7).

export const membersGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    type CompanyUser {
      id: ID!
      email: String!
      nickname: String!
      color: String!
      createdAt: DateTime!
      role: Role
      "The person's active teams."
      teams: [Team!]!
    }
    extend type Company {
      "Admins and Managers (the Company and members page)."
      users: [CompanyUser!]
    }
    input UpdateUserRoleInput {
      "A fixed role id (spec 02 §3): ...0 Admin, ...1 Manager, ...2 Operator, ...3 Readonly."
      roleId: ID!
    }
    type UserRoleChange {
      id: ID!
      role: Role!
    }
    extend type Mutation {
      "Removes the person from the company; their account stays, without a company. Returns their id."
      deleteUserFromCompany(userId: ID!): ID!
      updateUserRole(userId: ID!, input: UpdateUserRoleInput!): UserRoleChange!
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
