// The record page's calls through the typed client.
import { api, buildUrl } from '@dealflow/contracts/client';

export const getRecord = (id: number) => api.ingest.getEmail({ params: { id } });
export const getRecordMessage = (id: number) => api.ingest.getEmailMessage({ params: { id } });
/** The original deck as a download (a link, not a fetch: the session cookie goes along). */
export const deckDownloadUrl = (id: number) => buildUrl(api.ingest.getEmailDeck.path, { params: { id } });
/** The record page's address, linked from the records list and its dialogs. */
export const recordPagePath = (id: number) => `/records/${id}`;
