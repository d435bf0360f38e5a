import { ErrorBoundary } from "./error-boundary";
import { Providers } from "./providers";
import { AppRoutes } from "./routes";

export function App() {
  return (
    <ErrorBoundary fullPage>
      <Providers>
        <AppRoutes />
      </Providers>
    </ErrorBoundary>
  );
}
