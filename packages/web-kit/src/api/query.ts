import { ApiError } from './request.js';

export type TUnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * A request whose 401 means "nobody is signed in": null instead of an error (the auth context and the pages'
 * current-user query); any other failure still rejects.
 */
export async function nullOn401<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
