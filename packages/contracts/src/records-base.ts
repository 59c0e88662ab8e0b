export { ZErrorBody, ZId, ZRecordStatus } from './common.js';
export { ZExtractedData as ZExtractedDataSchema } from './events.js';
