/**
 * infra/k8s read as YAML: the images are the ones infra/docker builds, and the NetworkPolicies let
 * exactly the documented traffic through (evaluated here the way Kubernetes does: a pod selected by no
 * policy of a direction is open in it; otherwise one rule of one selecting policy must allow the peer).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT } from './config';

const K8S = join(REPO_ROOT, 'infra', 'k8s');

type Labels = Record<string, string>;
interface Selector {
  matchLabels?: Labels;
  matchExpressions?: {
    key: string;
    operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
    values?: string[];
  }[];
}
interface Peer {
  podSelector?: Selector;
  namespaceSelector?: Selector;
}
interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: { port: string | number; protocol?: string }[];
}
interface Policy {
  metadata: { name: string; namespace?: string };
  spec: { podSelector: Selector; policyTypes: ('Ingress' | 'Egress')[]; ingress?: Rule[]; egress?: Rule[] };
}
interface Manifest {
  file: string;
  kind: string;
  metadata: { name: string; labels?: Labels };
  spec?: Record<string, unknown>;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return entry.endsWith('.yaml') && !entry.startsWith('kustomization') ? [path] : [];
  });
}

const manifests: Manifest[] = yamlFiles(K8S).flatMap((path) =>
  parseAllDocuments(readFileSync(path, 'utf8'))
    .map((doc) => doc.toJS() as Manifest | null)
    .filter((doc): doc is Manifest => Boolean(doc?.kind))
    .map((doc) => ({ ...doc, file: relative(K8S, path) })),
);
const policies = manifests.filter((m) => m.kind === 'NetworkPolicy') as unknown as Policy[];

function matches(selector: Selector, labels: Labels): boolean {
  for (const [key, value] of Object.entries(selector.matchLabels ?? {}))
    if (labels[key] !== value) return false;
  for (const expression of selector.matchExpressions ?? []) {
    const value = labels[expression.key];
    const ok = {
      In: value !== undefined && (expression.values ?? []).includes(value),
      NotIn: value === undefined || !(expression.values ?? []).includes(value),
      Exists: value !== undefined,
      DoesNotExist: value === undefined,
    }[expression.operator];
    if (!ok) return false;
  }
  return true;
}

/** A pod somewhere: its labels and its namespace's labels. */
interface Endpoint {
  pod: Labels;
  namespace: Labels;
}
const TURNO_NS = { 'kubernetes.io/metadata.name': 'turno' };
const inTurno = (component: string): Endpoint => ({
  pod: { 'app.kubernetes.io/component': component },
  namespace: TURNO_NS,
});
const BROWSER: Endpoint = {
  pod: { 'app.kubernetes.io/name': 'ingress-nginx' },
  namespace: { 'kubernetes.io/metadata.name': 'ingress-nginx' },
};

function peerMatches(peer: Peer, endpoint: Endpoint): boolean {
  // A peer with only a podSelector means pods of the policy's own namespace (turno).
  const namespaceOk = peer.namespaceSelector
    ? matches(peer.namespaceSelector, endpoint.namespace)
    : endpoint.namespace['kubernetes.io/metadata.name'] === 'turno';
  const podOk = peer.podSelector ? matches(peer.podSelector, endpoint.pod) : true;
  return namespaceOk && podOk;
}

function allowedIn(direction: 'Ingress' | 'Egress', subject: Endpoint, peer: Endpoint): boolean {
  if (subject.namespace['kubernetes.io/metadata.name'] !== 'turno') return true;
  const selecting = policies.filter(
    (policy) => policy.spec.policyTypes.includes(direction) && matches(policy.spec.podSelector, subject.pod),
  );
  if (selecting.length === 0) return true;
  return selecting.some((policy) =>
    (direction === 'Ingress' ? policy.spec.ingress : policy.spec.egress)?.some((rule) => {
      const peers = direction === 'Ingress' ? rule.from : rule.to;
      return !peers || peers.some((p) => peerMatches(p, peer));
    }),
  );
}

const canConnect = (from: Endpoint, to: Endpoint) =>
  allowedIn('Egress', from, to) && allowedIn('Ingress', to, from);

describe('Kubernetes NetworkPolicies (infra/k8s/base/network-policies.yaml)', () => {
  it('deny every ingress by default', () => {
    const deny = policies.find((policy) => policy.metadata.name === 'default-deny');
    expect(deny?.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress'] });
    for (const policy of policies) expect(policy.metadata.namespace).toBe('turno');
  });

  it('let browsers (the ingress controller) reach only the gateway and the remotes', () => {
    expect(canConnect(BROWSER, inTurno('gateway'))).toBe(true);
    expect(canConnect(BROWSER, inTurno('remote'))).toBe(true);
    for (const component of ['bff', 'worker', 'migration', 'datastore'])
      expect({ component, allowed: canConnect(BROWSER, inTurno(component)) }).toEqual({
        component,
        allowed: false,
      });
    const elsewhere: Endpoint = { pod: {}, namespace: { 'kubernetes.io/metadata.name': 'default' } };
    expect(canConnect(elsewhere, inTurno('gateway'))).toBe(false);
  });

  it('let only the gateway reach the BFFs', () => {
    expect(canConnect(inTurno('gateway'), inTurno('bff'))).toBe(true);
    for (const component of ['remote', 'worker', 'migration', 'bff'])
      expect({ component, allowed: canConnect(inTurno(component), inTurno('bff')) }).toEqual({
        component,
        allowed: false,
      });
  });

  it('let only the BFFs, the workers and the migrate Job reach PostgreSQL and Redis', () => {
    for (const component of ['bff', 'worker', 'migration'])
      expect({ component, allowed: canConnect(inTurno(component), inTurno('datastore')) }).toEqual({
        component,
        allowed: true,
      });
    for (const component of ['gateway', 'remote'])
      expect({ component, allowed: canConnect(inTurno(component), inTurno('datastore')) }).toEqual({
        component,
        allowed: false,
      });
    // Managed servers outside the cluster: the gateway and the remotes cannot open any connection there.
    const managed: Endpoint = { pod: {}, namespace: {} };
    expect(allowedIn('Egress', inTurno('gateway'), managed)).toBe(false);
    expect(allowedIn('Egress', inTurno('remote'), managed)).toBe(false);
    expect(allowedIn('Egress', inTurno('bff'), managed)).toBe(true);
    const ports = policies
      .find((policy) => policy.metadata.name === 'datastores-from-backends')
      ?.spec.ingress?.flatMap((rule) => rule.ports?.map((p) => p.port));
    expect(ports).toEqual([5432, 6379]);
  });

  it('select pods by the component labels the workloads carry', () => {
    const components = new Map<string, string>();
    for (const m of manifests) {
      const template = (m.spec?.template ??
        (m.spec?.jobTemplate as { spec?: { template?: unknown } })?.spec?.template) as
        { metadata?: { labels?: Labels } } | undefined;
      if (m.kind === 'Deployment' || m.kind === 'Job')
        components.set(m.metadata.name, template?.metadata?.labels?.['app.kubernetes.io/component'] ?? '');
    }
    expect(Object.fromEntries(components)).toEqual({
      gateway: 'gateway',
      'shell-bff': 'bff',
      'freelancer-bff': 'bff',
      'restaurant-bff': 'bff',
      'admin-ops-bff': 'bff',
      'admin-billing-bff': 'bff',
      'freelancer-remote': 'remote',
      'restaurant-remote': 'remote',
      'admin-ops-remote': 'remote',
      'admin-billing-remote': 'remote',
      workers: 'worker',
      migrate: 'migration',
    });
  });
});

describe('Kubernetes images', () => {
  /** ghcr.io/turno/<name> ← infra/docker/<Dockerfile> */
  const DOCKERFILE_OF: Record<string, string> = {
    gateway: 'gateway',
    'shell-bff': 'bff-shell',
    workers: 'workers',
    migrate: 'migrate',
    ...Object.fromEntries(
      ['freelancer', 'restaurant', 'admin-ops', 'admin-billing'].flatMap((unit) => [
        [`${unit}-remote`, `remote-${unit}`],
        [`${unit}-bff`, `bff-${unit}`],
      ]),
    ),
  };

  it('every workload runs the image infra/docker builds for it, pinned by its folder', () => {
    const dockerfiles = readdirSync(join(REPO_ROOT, 'infra', 'docker'));
    for (const m of manifests.filter((doc) => doc.kind === 'Deployment' || doc.kind === 'Job')) {
      const pod = (
        m.spec?.template as {
          spec: { containers: { image: string }[]; initContainers?: { image: string }[] };
        }
      ).spec;
      for (const container of [...pod.containers, ...(pod.initContainers ?? [])]) {
        const name = container.image.replace(/^ghcr\.io\/turno\//, '');
        const expected = m.kind === 'Job' ? 'migrate' : m.metadata.name;
        expect({ workload: m.metadata.name, image: name }).toEqual({
          workload: m.metadata.name,
          image: expected,
        });
        expect(dockerfiles).toContain(`${DOCKERFILE_OF[name]}.Dockerfile`);
        const folder = m.file.split('/')[0] ?? '';
        const kustomization = readFileSync(join(K8S, folder, 'kustomization.yaml'), 'utf8');
        expect(kustomization).toContain(`- name: ${container.image}\n    newTag: CHANGE-ME`);
      }
    }
  });
});
