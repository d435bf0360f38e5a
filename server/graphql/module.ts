import type { IResolvers, MercuriusContext } from "mercurius";
import type { ServiceContext } from "../core/context";

declare module "mercurius" {
  interface MercuriusContext {
    service: ServiceContext;
  }
}

export type GraphqlContext = MercuriusContext;

/** One module's part of the API customers' schema: SDL extending Query/Mutation, and its resolvers. */
export interface GraphqlModule {
  typeDefs: string;
  resolvers: IResolvers<unknown, GraphqlContext>;
}
