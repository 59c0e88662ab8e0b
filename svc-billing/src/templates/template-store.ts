import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { z } from 'zod';
import { ZAllowFlag, blankIsUnset } from '@dealflow/service-kit';

/** One released template archive as the store's manifest lists it (issue 20, item 8). */
export const ZTemplateVersion = z.object({
  version: z.string().min(1),
  /** When the release was made (the tagged commit's date), ISO 8601. */
  releasedAt: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().nonnegative(),
  /** The archive's name in the store (a file name in a folder, an object key in a bucket). */
  key: z.string().min(1),
});
export type TTemplateVersion = z.infer<typeof ZTemplateVersion>;
const ZManifest = z.object({ versions: z.array(ZTemplateVersion) });

/**
 * Where the template archives and their manifest are kept: a local folder (`npm start`, `.data/templates/`)
 * or an S3-compatible bucket (production). The manifest is the index: version, release date, sha256, size, key.
 */
export interface TemplateStore {
  readonly kind: 'local' | 's3';
  /** Every stored version, newest release first. */
  list(): Promise<TTemplateVersion[]>;
  /** Stores the archive at `file` under the version's key and records it in the manifest (same version: replaced). */
  put(file: string, entry: Omit<TTemplateVersion, 'key'>): Promise<TTemplateVersion>;
  /** The archive's bytes. */
  open(entry: TTemplateVersion): Promise<Readable>;
}

const MANIFEST = 'manifest.json';
export const archiveKey = (version: string) => `dealflow-template-${version}.tar.gz`;

const byReleaseDesc = (a: TTemplateVersion, b: TTemplateVersion) =>
  b.releasedAt.localeCompare(a.releasedAt) || b.version.localeCompare(a.version);

const withEntry = (versions: TTemplateVersion[], entry: TTemplateVersion) =>
  [...versions.filter((v) => v.version !== entry.version), entry].sort(byReleaseDesc);

const parseManifest = (text: string) => ZManifest.parse(JSON.parse(text)).versions.sort(byReleaseDesc);

export function createLocalTemplateStore(dir: string): TemplateStore {
  const list = async () => {
    try {
      return parseManifest(await readFile(join(dir, MANIFEST), 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  };
  return {
    kind: 'local',
    list,
    async put(file, meta) {
      await mkdir(dir, { recursive: true });
      const entry = { ...meta, key: archiveKey(meta.version) };
      await copyFile(file, join(dir, entry.key));
      const manifest = join(dir, MANIFEST);
      // Written aside and renamed: a reader never sees half a manifest.
      await writeFile(
        `${manifest}.tmp`,
        JSON.stringify({ versions: withEntry(await list(), entry) }, null, 2),
      );
      await rename(`${manifest}.tmp`, manifest);
      return entry;
    },
    async open(entry) {
      const path = join(dir, entry.key);
      await stat(path);
      return createReadStream(path);
    },
  };
}

export function createS3TemplateStore(options: {
  bucket: string;
  prefix: string;
  client: S3ClientConfig;
}): TemplateStore {
  const s3 = new S3Client(options.client);
  const { bucket, prefix } = options;
  const list = async () => {
    try {
      const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: `${prefix}${MANIFEST}` }));
      return parseManifest(await answer.Body!.transformToString());
    } catch (error) {
      if (error instanceof NoSuchKey) return [];
      throw error;
    }
  };
  return {
    kind: 's3',
    list,
    async put(file, meta) {
      const entry = { ...meta, key: archiveKey(meta.version) };
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `${prefix}${entry.key}`,
          Body: createReadStream(file),
          ContentLength: meta.size,
          ContentType: 'application/gzip',
        }),
      );
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `${prefix}${MANIFEST}`,
          Body: JSON.stringify({ versions: withEntry(await list(), entry) }, null, 2),
          ContentType: 'application/json',
        }),
      );
      return entry;
    },
    async open(entry) {
      const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: `${prefix}${entry.key}` }));
      return answer.Body as Readable;
    },
  };
}

/**
 * The store's variables, read by svc-billing's config and by `npm run template:pack` alike. A bucket wins
 * over a folder; neither: no store (downloads answer that no version is available yet).
 */
export const ZTemplateStoreEnv = z.object({
  /** Local folder of the archives and manifest (`npm start`: `.data/templates`). */
  TEMPLATE_STORE_DIR: blankIsUnset(z.string().min(1)),
  /** S3-compatible bucket (production); credentials from the SDK's usual chain (AWS_ACCESS_KEY_ID, roles...). */
  TEMPLATE_S3_BUCKET: blankIsUnset(z.string().min(1)),
  TEMPLATE_S3_PREFIX: z.string().default('templates/'),
  TEMPLATE_S3_REGION: z.string().min(1).default('us-east-1'),
  /** Another S3-compatible service (MinIO, R2, a local stand-in). */
  TEMPLATE_S3_ENDPOINT: blankIsUnset(z.url()),
  TEMPLATE_S3_FORCE_PATH_STYLE: ZAllowFlag,
});
export type TTemplateStoreEnv = z.infer<typeof ZTemplateStoreEnv>;

export function createTemplateStore(env: TTemplateStoreEnv): TemplateStore | null {
  if (env.TEMPLATE_S3_BUCKET)
    return createS3TemplateStore({
      bucket: env.TEMPLATE_S3_BUCKET,
      prefix: env.TEMPLATE_S3_PREFIX,
      client: {
        region: env.TEMPLATE_S3_REGION,
        // Another S3-compatible service: the SDK's default checksums (aws-chunked uploads with a trailing
        // CRC) only when the operation requires them, as many of those services do not decode them.
        ...(env.TEMPLATE_S3_ENDPOINT
          ? {
              endpoint: env.TEMPLATE_S3_ENDPOINT,
              requestChecksumCalculation: 'WHEN_REQUIRED' as const,
              responseChecksumValidation: 'WHEN_REQUIRED' as const,
            }
          : {}),
        forcePathStyle: env.TEMPLATE_S3_FORCE_PATH_STYLE,
      },
    });
  if (env.TEMPLATE_STORE_DIR) return createLocalTemplateStore(env.TEMPLATE_STORE_DIR);
  return null;
}
