// Test helpers of the shipment services.

/**
 * What a service call came to: "ok", or the AppError code it threw (a plain error's message
 * otherwise), so a test can compare outcomes of many calls at once.
 */
export const codeOf = (p: Promise<unknown>): Promise<string | undefined> =>
  p.then(
    () => "ok",
    (e: { code?: string; message?: string }) => e.code ?? e.message,
  );
