'use client';

import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreenChoice } from './error-screen-choice';
import type { ErrorScreenLabels } from './frontend-error-screen';
import { reportClientError } from './report-client-error';

type State = { error: (Error & { digest?: string }) | null; componentStack?: string };

/**
 * Catches render errors in the page with their component stack (Next's error.tsx gets no
 * stack). Once shown, the screen stays until a reload (spec §4 "Render error"). An error from
 * the server's render (it has a `digest`) during a database outage shows the maintenance screen.
 */
export class FrontendErrorBoundary extends Component<{ labels: ErrorScreenLabels; children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    const componentStack = info.componentStack ?? undefined;
    this.setState({ componentStack });
    reportClientError({ message: error.message, stack: error.stack, componentStack });
  }

  render() {
    const { error, componentStack } = this.state;
    if (error) {
      return <ErrorScreenChoice message={error.message} componentStack={componentStack} askServer={error.digest !== undefined} labels={this.props.labels} />;
    }
    return this.props.children;
  }
}
