import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICES, TopicRoutes, Topics, deadLetterTopic } from '@dealflow/contracts';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { REPO_ROOT } from './paths.js';

// Offline checks of the deployment folders that the renderer (../shared/tools/deploycheck/run) does not make:
// the charts' Kafka topics and ACLs against packages/contracts, generated files being fresh, and k8s/ holding
// only what is not ours. Helm is not installable here; the charts' templates are rendered by deploycheck.

interface TPartValues {
  kafka: { enabled: boolean; produces: string[]; consumes: string[]; groupId: string };
  image: { repository: string };
  podDisruptionBudget: { maxUnavailable: number };
  serviceAccount: { automount: boolean };
}
interface TAsyncApi {
  channels: Record<string, { address: string }>;
  operations: Record<string, { action: 'send' | 'receive'; channel: { $ref: string } }>;
}

const charts = join(REPO_ROOT, 'charts');
const DEPLOYABLES = [
  'gateway',
  'svc-identity',
  'svc-billing',
  'svc-ingest',
  'svc-crm',
  'mfe-auth',
  'mfe-team',
  'mfe-billing',
  'mfe-records',
];
const readValues = (chart: string) =>
  parse(readFileSync(join(charts, chart, 'values.yaml'), 'utf8')) as TPartValues;
const chartOf = (service: string) => `svc-${service}`;

/** Topics each service sends and receives, as the AsyncAPI document declares them. */
function asyncApiTopics(action: 'send' | 'receive') {
  const doc = JSON.parse(
    readFileSync(join(REPO_ROOT, 'packages/contracts/asyncapi.json'), 'utf8'),
  ) as TAsyncApi;
  const byService = new Map<string, string[]>();
  for (const [id, op] of Object.entries(doc.operations)) {
    if (op.action !== action) continue;
    const service = id.split('-')[0]!;
    const address = doc.channels[op.channel.$ref.split('/').pop()!]!.address;
    byService.set(service, [...(byService.get(service) ?? []), address].sort());
  }
  return byService;
}

describe('Kafka topics travel with their producers (charts vs packages/contracts)', () => {
  const allTopics = [...Object.values(Topics), ...SERVICES.map(deadLetterTopic)].sort();

  it('declares every topic of the contracts in exactly one chart, its producer', () => {
    const owned = SERVICES.flatMap((s) => readValues(chartOf(s)).kafka.produces);
    expect([...owned].sort()).toEqual(allTopics);
    for (const service of SERVICES) {
      const expected = [
        ...Object.values(Topics).filter((t) => TopicRoutes[t].producer === service),
        deadLetterTopic(service),
      ].sort();
      expect([...readValues(chartOf(service)).kafka.produces].sort(), service).toEqual(expected);
    }
  });

  it('lets each service read exactly the topics it consumes, in its own consumer group', () => {
    for (const service of SERVICES) {
      const expected = Object.values(Topics)
        .filter((t) => TopicRoutes[t].consumers.includes(service))
        .sort();
      const kafka = readValues(chartOf(service)).kafka;
      expect([...kafka.consumes].sort(), service).toEqual(expected);
      // service-kit's consumer group id is the service name
      expect(kafka.groupId, service).toBe(service);
    }
  });

  it('matches the AsyncAPI document, send and receive operations per service', () => {
    const sends = asyncApiTopics('send');
    const receives = asyncApiTopics('receive');
    for (const service of SERVICES) {
      const kafka = readValues(chartOf(service)).kafka;
      expect([...kafka.produces].sort(), service).toEqual(sends.get(service));
      expect([...kafka.consumes].sort(), service).toEqual(receives.get(service) ?? []);
    }
  });

  it('gives the gateway and the remotes no Kafka objects', () => {
    for (const chart of DEPLOYABLES.filter((d) => !d.startsWith('svc-'))) {
      expect(readValues(chart).kafka, chart).toEqual({
        enabled: false,
        produces: [],
        consumes: [],
        groupId: '',
      });
    }
  });
});

describe('Helm charts (structure; deploycheck renders and validates them)', () => {
  it('has a chart per deployable on the shared library, and an umbrella of exactly them', () => {
    const dirs = readdirSync(charts).filter((d) => existsSync(join(charts, d, 'Chart.yaml')));
    expect(dirs.sort()).toEqual(['dealflow', 'dealflow-common', ...DEPLOYABLES].sort());
    const umbrella = parse(readFileSync(join(charts, 'dealflow', 'Chart.yaml'), 'utf8')) as {
      dependencies: Array<{ name: string; condition: string }>;
    };
    expect(umbrella.dependencies.map((d) => d.name).sort()).toEqual([...DEPLOYABLES].sort());
    for (const d of umbrella.dependencies) expect(d.condition).toBe(`${d.name}.enabled`);
    for (const name of DEPLOYABLES) {
      for (const file of [
        'values.schema.json',
        'README.md',
        'templates/NOTES.txt',
        'ci/production-values.yaml',
      ])
        expect(existsSync(join(charts, name, file)), `${name}/${file}`).toBe(true);
      const values = readValues(name);
      expect(values.image.repository).toBe(`ghcr.io/dealflow/${name}`);
      expect(values.podDisruptionBudget.maxUnavailable).toBe(1);
      expect(values.serviceAccount.automount).toBe(false);
    }
  });

  it('keeps the generated schemas and the umbrella production values fresh', () => {
    for (const script of ['charts/values-schema.mjs', 'charts/umbrella-values.mjs']) {
      expect(() =>
        execFileSync('node', [script, '--check'], { cwd: REPO_ROOT, stdio: 'pipe' }),
      ).not.toThrow();
    }
  });

  it('refuses a values key the chart does not declare (values.schema.json is closed)', () => {
    const schema = JSON.parse(readFileSync(join(charts, 'svc-ingest', 'values.schema.json'), 'utf8')) as {
      additionalProperties: boolean;
      properties: Record<string, { additionalProperties?: boolean }>;
    };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.autoscaling?.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties)).not.toContain('replicas');
  });
});

const hasKubectl = (() => {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasKubectl)('k8s/ (kubectl kustomize)', () => {
  it('holds only what is not ours: the namespace and the Strimzi Kafka cluster on kafka.strimzi.io/v1', () => {
    const dirs = readdirSync(join(REPO_ROOT, 'k8s'), { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('kustomization.yaml'),
    );
    expect(dirs).toEqual(['cluster/kustomization.yaml']);
    const output = execFileSync('kubectl', ['kustomize', join(REPO_ROOT, 'k8s/cluster')], {
      encoding: 'utf8',
    });
    const objects = parseAllDocuments(output).map(
      (doc) => doc.toJSON() as { apiVersion: string; kind: string },
    );
    expect(objects.map((o) => `${o.apiVersion} ${o.kind}`).sort()).toEqual([
      'kafka.strimzi.io/v1 Kafka',
      'kafka.strimzi.io/v1 KafkaNodePool',
      'v1 Namespace',
    ]);
  });
});
