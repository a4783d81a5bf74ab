/**
 * What an island shows while its data loads, and when loading failed: the message and a retry button.
 * Announced to screen readers (status, then alert).
 */
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
