import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICES, Topics, deadLetterTopic } from '@dealflow/contracts';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, parse } from 'yaml';
import { REPO_ROOT } from './paths.js';

// Offline checks of the deployment folders. `kubectl kustomize` renders k8s/ here; Helm is not installable on
// these machines, so the charts' templates are NOT rendered: their Chart.yaml and values.yaml are checked.

interface K8sObject {
  kind: string;
  metadata: { name: string };
  spec?: Record<string, unknown>;
}
interface Container {
  image: string;
  livenessProbe?: { httpGet?: { path: string } };
  readinessProbe?: { httpGet?: { path: string } };
  resources?: { requests?: unknown; limits?: unknown };
}

const hasKubectl = (() => {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

function render(dir: string): K8sObject[] {
  const output = execFileSync('kubectl', ['kustomize', join(REPO_ROOT, dir)], { encoding: 'utf8' });
  return parseAllDocuments(output).map((doc) => doc.toJSON() as K8sObject);
}

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
const containerOf = (object: K8sObject) =>
  ((object.spec?.template as { spec: { containers: Container[] } }).spec.containers[0] ?? {}) as Container;

describe.skipIf(!hasKubectl)('k8s (kubectl kustomize)', () => {
  it('renders the base with a Deployment and Service per deployable, probed on /healthz and /readyz', () => {
    const objects = render('k8s/base');
    const deployments = objects.filter((o) => o.kind === 'Deployment');
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...DEPLOYABLES].sort());
    for (const deployment of deployments) {
      const container = containerOf(deployment);
      const isRemote = deployment.metadata.name.startsWith('mfe-');
      expect(container.livenessProbe?.httpGet?.path, deployment.metadata.name).toBe(
        isRemote ? '/mf-manifest.json' : '/healthz',
      );
      expect(container.readinessProbe?.httpGet?.path, deployment.metadata.name).toBe(
        isRemote ? '/mf-manifest.json' : '/readyz',
      );
      expect(container.resources?.limits, deployment.metadata.name).toBeDefined();
    }
    const services = objects.filter((o) => o.kind === 'Service').map((s) => s.metadata.name);
    expect(services.sort()).toEqual([...DEPLOYABLES].sort());
    const ingress = objects.find((o) => o.kind === 'Ingress');
    expect(JSON.stringify(ingress)).toContain('"name":"gateway"');
    expect(
      objects.every(
        (o) => o.kind === 'Namespace' || (o.metadata as { namespace?: string }).namespace === 'dealflow',
      ),
    ).toBe(true);
  });

  it('declares exactly the topics of the contracts (and the dead-letter topics) for Strimzi', () => {
    const topics = render('k8s/base')
      .filter((o) => o.kind === 'KafkaTopic')
      .map((o) => (o.spec as { topicName: string }).topicName);
    expect(topics.sort()).toEqual([...Object.values(Topics), ...SERVICES.map(deadLetterTopic)].sort());
  });

  it('renders the production overlay with pinned images and its host', () => {
    const objects = render('k8s/overlays/production');
    const images = objects.filter((o) => o.kind === 'Deployment').map((d) => containerOf(d).image);
    expect(images.every((image) => image.endsWith(':0.1.0'))).toBe(true);
    expect(JSON.stringify(objects.find((o) => o.kind === 'Ingress'))).toContain('dealflow.example.org');
  });
});

describe('Helm charts (structure; templates are not rendered without helm)', () => {
  const charts = join(REPO_ROOT, 'charts');
  const read = (chart: string, file: string) =>
    parse(readFileSync(join(charts, chart, file), 'utf8')) as Record<string, unknown>;

  it('has a chart per deployable on the shared library, and an umbrella depending on all of them', () => {
    const dirs = readdirSync(charts).filter((d) => existsSync(join(charts, d, 'Chart.yaml')));
    expect(dirs.sort()).toEqual(['dealflow', 'dealflow-common', ...DEPLOYABLES].sort());
    expect(read('dealflow-common', 'Chart.yaml').type).toBe('library');
    for (const name of DEPLOYABLES) {
      const chart = read(name, 'Chart.yaml') as {
        name: string;
        dependencies: Array<{ name: string; repository: string }>;
      };
      expect(chart.name).toBe(name);
      expect(chart.dependencies).toEqual([
        expect.objectContaining({ name: 'dealflow-common', repository: 'file://../dealflow-common' }),
      ]);
      expect(readFileSync(join(charts, name, 'templates', 'app.yaml'), 'utf8')).toContain(
        'dealflow-common.app',
      );
    }
    const umbrella = read('dealflow', 'Chart.yaml') as { dependencies: Array<{ name: string }> };
    expect(umbrella.dependencies.map((d) => d.name).sort()).toEqual([...DEPLOYABLES].sort());
  });

  it('gives every deployable an image, replicas, resources and the right probes', () => {
    for (const name of DEPLOYABLES) {
      const values = read(name, 'values.yaml') as {
        image: { repository: string };
        replicas: number;
        port: number;
        probes: { liveness: string; readiness: string };
        resources: { limits: unknown };
        secretEnv: Record<string, { secret: string; key: string }>;
      };
      expect(values.image.repository, name).toBe(`ghcr.io/dealflow/${name}`);
      expect(values.replicas, name).toBeGreaterThanOrEqual(2);
      expect(values.resources.limits, name).toBeDefined();
      if (name.startsWith('mfe-')) continue;
      expect(values.probes, name).toEqual({ liveness: '/healthz', readiness: '/readyz' });
      expect(values.secretEnv.INTERNAL_API_TOKEN, name).toEqual({
        secret: 'dealflow-secrets',
        key: 'internal-api-token',
      });
    }
    const template = readFileSync(join(charts, 'dealflow-common', 'templates', '_app.tpl'), 'utf8');
    for (const key of [
      '.Values.probes.liveness',
      '.Values.probes.readiness',
      '.Values.image.repository',
      '.Values.replicas',
    ]) {
      expect(template).toContain(key);
    }
  });
});
