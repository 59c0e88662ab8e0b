import { ApiError } from '@dealflow/web-kit';

/** The server's message when the request reached the server and it said something; otherwise undefined. */
export function getServerMessage(error: unknown): string | undefined {
  if (error instanceof ApiError && error.status > 0 && error.message) return error.message;
  return undefined;
}

/** The seed's database-not-initialized signals: flag dbInitRequired, or a missing relation or schema. */
export function isDatabaseNotInitialized(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const body = error.body as { dbInitRequired?: unknown } | null;
  if (body && typeof body === 'object' && body.dbInitRequired === true) return true;
  return /relation .* does not exist|schema .* does not exist|no such table/i.test(error.message);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
