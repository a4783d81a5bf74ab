/**
 * What an island shows while its data loads, and when loading failed: the message and a retry button.
 * Announced to screen readers (status, then alert).
 */
import { strings } from '../../strings.ts';

interface LoadingProps {
  className: string;
  text: string;
}

export function Loading({ className, text }: LoadingProps) {
  return (
    <p className={className} role="status">
      {text}
    </p>
  );
}

interface LoadFailedProps {
  className: string;
  message: string;
  retryText: string;
  onRetry: () => void;
}

export function LoadFailed({ className, message, retryText, onRetry }: LoadFailedProps) {
  return (
    <div className={className} role="alert">
      <p>{message}</p>
      <button type="button" className="button" onClick={onRetry}>
        {retryText}
      </button>
    </div>
  );
}

interface LoadStatusProps {
  state: { status: 'loading' } | { status: 'failed'; message: string };
  className: string;
  /** What the loading line says. */
  text: string;
  onRetry: () => void;
}

/** The loading line or the failure with Retry, for an island whose data is not ready. */
export function LoadStatus({ state, className, text, onRetry }: LoadStatusProps) {
  if (state.status === 'loading') return <Loading className={className} text={text} />;
  return (
    <LoadFailed
      className={className}
      message={state.message}
      retryText={strings.shopper.retry}
      onRetry={onRetry}
    />
  );
}
