/** Why a site build was not published; the message says what failed and that the live site was kept. */
export class BuildError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BuildError';
  }
}

/** A partial build could not take a page from the live build; a full build does not need it. */
export class ReuseError extends BuildError {
  constructor(message: string) {
    super(message);
    this.name = 'ReuseError';
  }
}

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
