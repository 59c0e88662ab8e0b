/**
 * A small program against the client that an independent generator (@hey-api/openapi-ts) writes from the
 * published API document (`npm run lint:openapi` generates it into ./generated, then type-checks this file).
 * It compiles only if the document names its operations (operationId: the functions below), types their
 * inputs and answers, and describes the errors as `{message, details?}`. It is type-checked, never run.
 */
import { createClient, createConfig } from './generated/client/index.js';
import { getEmail, listEmails, login } from './generated/sdk.gen.js';

export async function signIn(baseUrl: string, email: string, password: string): Promise<number> {
  const api = createClient(createConfig({ baseUrl }));
  const { data, error } = await login({ client: api, body: { email, password } });
  if (error) throw new Error(error.message);
  // @ts-expect-error the password is required
  void login({ client: api, body: { email } });
  // The answer is a session, or the two-factor challenge when the account asks for a code.
  if (!data || !('user' in data)) return 0;
  return data.user.id;
}

/** What a program with an organization API key does: the completed records, then the first one in full. */
export async function firstCompletedRecord(baseUrl: string, apiKey: string): Promise<string | null> {
  const api = createClient(createConfig({ baseUrl, auth: () => apiKey }));
  const page = await listEmails({ client: api, query: { filter: 'completed', limit: 20 } });
  if (page.error) throw new Error(page.error.message);
  // @ts-expect-error the filter is one of the documented values
  void listEmails({ client: api, query: { filter: 'done' } });
  const first = page.data?.data[0];
  if (!first) return null;
  const total: number = page.data?.total ?? 0;
  const record = await getEmail({ client: api, path: { id: first.id } });
  if (record.error) throw new Error(`${record.error.message} (${total} records)`);
  // @ts-expect-error the path names the record by its numeric id
  void getEmail({ client: api, path: { id: 'first' } });
  return record.data?.extractedData?.companyName ?? null;
}
