// What a page that fails (its code did not load, or it threw while rendering) shows inside the shell, so the
// navigation stays usable: a message and a button that reloads the app.
import { commonMessages } from '@testbed/contract';
import { Button, Text } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { MessagePage } from '../shared/components/message-page';

export function RouteError() {
  return (
    <MessagePage
      title={commonMessages.LOADING_FAILED}
      actions={
        <Button onClick={() => window.location.reload()} w="fit-content">
          {commonMessages.RELOAD}
        </Button>
      }
    >
      <Text>{commonMessages.LOADING_FAILED_TEXT}</Text>
    </MessagePage>
  );
}

interface RouteErrorBoundaryProps {
  /** The current location's key: a navigation elsewhere shows the next page again. */
  resetKey: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  failed: boolean;
  resetKey: string;
}

export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: RouteErrorBoundaryState): Partial<RouteErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
