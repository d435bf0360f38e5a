/**
 * The one place the console reports problems it handled but the team should know about (spec 01
 * §8). No error-reporting service is wired yet, so the browser console keeps the trail; a service
 * plugs in here without touching the callers.
 */
export function reportProblem(message: string, details?: Record<string, unknown>): void {
  console.warn(`[report] ${message}`, details ?? {});
}
