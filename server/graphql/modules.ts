import { carriersGraphql } from "../modules/carriers/carriers.graphql";
import type { GraphqlModule } from "./module";

/** Every module's part of the API customers' schema. A module adds one line here. */
export const graphqlModules: GraphqlModule[] = [carriersGraphql];
