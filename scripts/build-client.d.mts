export function clientIsStale(): boolean;
export function buildClientIfStale(options?: { quiet?: boolean }): boolean;
