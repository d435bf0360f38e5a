import { Component, type ErrorInfo, type ReactNode } from "react";
import { reportCrash } from "../lib/report";
import { CrashScreen } from "./crash-screen";

export interface ErrorBoundaryProps {
  children: ReactNode;
  fullPage?: boolean;
  /** A change (e.g. the location) clears the error, so navigating away recovers. */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  error: Error | null;
  componentStack?: string | undefined;
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: asError(error) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("Unhandled error in the console", error, info.componentStack);
    // The crash screen tells the user the team was notified: this is that notification.
    reportCrash(asError(error), info.componentStack);
    this.setState({ componentStack: info.componentStack ?? undefined });
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render(): ReactNode {
    const { error, componentStack } = this.state;
    if (!error) return this.props.children;
    return <CrashScreen error={error} componentStack={componentStack} fullPage={this.props.fullPage} />;
  }
}
