import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';

export interface ErrorFallbackProps {
  error: unknown;
  reset: () => void;
}

export interface ErrorBoundaryProps {
  children?: ReactNode;
  /** What to show instead of the failed subtree; a pt-BR alert with "Tentar novamente" by default. */
  fallback?: (props: ErrorFallbackProps) => ReactNode;
  onError?: (error: unknown, info: ErrorInfo) => void;
  /** When any of these values changes, a failed boundary resets (e.g. the route). */
  resetKeys?: readonly unknown[];
}

interface State {
  error: unknown;
  failed: boolean;
}

function DefaultFallback({ reset }: ErrorFallbackProps) {
  return (
    <Alert
      tone="danger"
      title="Algo deu errado"
      action={
        <Button variant="secondary" size="sm" onClick={reset}>
          Tentar novamente
        </Button>
      }
    >
      Não foi possível exibir esta parte da página.
    </Alert>
  );
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (this.props.onError) this.props.onError(error, info);
    else console.error('[ErrorBoundary]', error);
  }

  override componentDidUpdate(prev: ErrorBoundaryProps): void {
    if (!this.state.failed) return;
    const [a = [], b = []] = [prev.resetKeys, this.props.resetKeys];
    if (a.length !== b.length || a.some((value, i) => !Object.is(value, b[i]))) this.reset();
  }

  reset = (): void => {
    this.setState({ error: undefined, failed: false });
  };

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const props = { error: this.state.error, reset: this.reset };
    return this.props.fallback ? this.props.fallback(props) : <DefaultFallback {...props} />;
  }
}
