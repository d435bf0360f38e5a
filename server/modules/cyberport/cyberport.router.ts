import {
  CyberportTeamInput,
  SaveCyberportCredentialsInput,
  SetCyberportEnabledInput,
} from "../../../shared/schemas/cyberport";
import type { Config } from "../../config";
import { router, serviceProcedure } from "../../trpc/init";
import { cyberportBaseUrl, lazySecretBox } from "./cyberport.config";
import {
  type CyberportDeps,
  clearCyberportCredentials,
  getCyberportState,
  saveCyberportCredentials,
  setCyberportEnabled,
  triggerCyberportImport,
} from "./cyberport.service";

const depsOf = (config: Config): CyberportDeps => ({
  secrets: lazySecretBox(config),
  available: cyberportBaseUrl(config) !== null,
});

export const cyberportRouter = router({
  state: serviceProcedure
    .input(CyberportTeamInput)
    .query(({ ctx, input }) => getCyberportState(ctx.service, input, depsOf(ctx.config))),
  saveCredentials: serviceProcedure
    .input(SaveCyberportCredentialsInput)
    .mutation(({ ctx, input }) => saveCyberportCredentials(ctx.service, input, depsOf(ctx.config))),
  clearCredentials: serviceProcedure
    .input(CyberportTeamInput)
    .mutation(({ ctx, input }) => clearCyberportCredentials(ctx.service, input, depsOf(ctx.config))),
  setEnabled: serviceProcedure
    .input(SetCyberportEnabledInput)
    .mutation(({ ctx, input }) => setCyberportEnabled(ctx.service, input, depsOf(ctx.config))),
  triggerImport: serviceProcedure
    .input(CyberportTeamInput)
    .mutation(({ ctx, input }) => triggerCyberportImport(ctx.service, input, depsOf(ctx.config))),
});
