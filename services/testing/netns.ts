/**
 * Network namespaces for tests that need a real network between server nodes (docs/scale.md, "Two machines"): one
 * bridge in the root namespace holding the first address of a private /24, and per node a namespace joined to the
 * bridge by a veth pair (the node gets .2, .3, ...). Setting a node's root-side veth down cuts its every link at once
 * (database, NATS, the other node, the clients), as a machine whose cable is pulled: no RST, packets just vanish.
 * Needs root and iproute2; `netnsUnavailable()` says why not otherwise.
 */
import { execFileSync } from 'node:child_process';

/** Private, and unlikely to be routed on a developer's or CI machine (TEST_NETNS_SUBNET overrides, e.g. 10.99.3). */
const SUBNET = process.env.TEST_NETNS_SUBNET || '10.231.77';
const PREFIX = 'wa2n';
const BRIDGE = `${PREFIX}-br`;

interface NetnsNode {
  name: string;
  /** The namespace. */
  netns: string;
  address: string;
  /** The root namespace's end of the pair, enslaved to the bridge: down = the node is cut off. */
  hostVeth: string;
}

export interface NetnsLab {
  /** The root namespace's address on the bridge: where the nodes reach the forwarded database and NATS. */
  hostAddress: string;
  nodes: NetnsNode[];
  /** The command prefix that runs a program inside a node's namespace. */
  exec(node: NetnsNode): string[];
  cut(node: NetnsNode): void;
  restore(node: NetnsNode): void;
  /** Removes the namespaces, veths and bridge (idempotent; also safe from a process 'exit' handler). */
  destroy(): void;
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
const quietly = (f: () => unknown) => { try { f(); } catch { /* already gone */ } };

/** Null when namespaces can be made here; otherwise the reason (not root, no `ip`, no permission). */
export function netnsUnavailable(): string | null {
  if (process.platform !== 'linux') return `network namespaces are Linux only (this is ${process.platform})`;
  if (process.getuid?.() !== 0) return 'network namespaces need root (CI runs as root)';
  try {
    ip('-V');
  } catch {
    return 'the `ip` command (iproute2) is not installed';
  }
  // Everything the lab needs, tried once: a namespace, a bridge, a veth pair (a container may lack any of them).
  const probe = `${PREFIX}-probe`;
  const undo = () => {
    quietly(() => ip('netns', 'del', probe));
    quietly(() => ip('link', 'del', probe));
    quietly(() => ip('link', 'del', `${probe}-v`));
  };
  try {
    undo();
    ip('netns', 'add', probe);
    ip('link', 'add', probe, 'type', 'bridge');
    ip('link', 'add', `${probe}-v`, 'type', 'veth', 'peer', 'name', `${probe}-p`);
    return null;
  } catch (error) {
    return `cannot make a test network (\`ip netns\`, bridge, veth): ${(error as { stderr?: Buffer }).stderr?.toString().trim() || error}`;
  } finally {
    undo();
  }
}

/** Leftovers of a run that crashed before its cleanup (the names are this helper's own). */
function removeLeftovers(): void {
  for (const line of linesOf(() => ip('netns', 'list'))) {
    const name = line.split(' ')[0];
    if (name?.startsWith(`${PREFIX}-`)) quietly(() => ip('netns', 'del', name));
  }
  for (const line of linesOf(() => ip('-o', 'link', 'show'))) {
    const name = line.split(':')[1]?.trim().split('@')[0];
    if (name?.startsWith(`${PREFIX}-`)) quietly(() => ip('link', 'del', name));
  }
}

function linesOf(f: () => string): string[] {
  try { return f().split('\n').filter(Boolean); } catch { return []; }
}

export function createNetnsLab(names: string[]): NetnsLab {
  removeLeftovers();
  const hostAddress = `${SUBNET}.1`;
  const nodes = names.map((name, i): NetnsNode => ({
    name, netns: `${PREFIX}-${name}`, address: `${SUBNET}.${i + 2}`, hostVeth: `${PREFIX}-${name}-h`,
  }));
  const lab: NetnsLab = {
    hostAddress, nodes,
    exec: (node) => ['ip', 'netns', 'exec', node.netns],
    cut: (node) => { ip('link', 'set', node.hostVeth, 'down'); },
    restore: (node) => { ip('link', 'set', node.hostVeth, 'up'); },
    destroy() {
      for (const node of nodes) {
        quietly(() => ip('link', 'del', node.hostVeth));
        quietly(() => ip('netns', 'del', node.netns));
      }
      quietly(() => ip('link', 'del', BRIDGE));
    },
  };
  try {
    ip('link', 'add', BRIDGE, 'type', 'bridge');
    ip('addr', 'add', `${hostAddress}/24`, 'dev', BRIDGE);
    ip('link', 'set', BRIDGE, 'up');
    for (const node of nodes) {
      const inner = `${PREFIX}-${node.name}-n`;
      ip('netns', 'add', node.netns);
      ip('link', 'add', node.hostVeth, 'type', 'veth', 'peer', 'name', inner);
      ip('link', 'set', inner, 'netns', node.netns);
      ip('link', 'set', node.hostVeth, 'master', BRIDGE);
      ip('link', 'set', node.hostVeth, 'up');
      const inside = (...args: string[]) => ip('netns', 'exec', node.netns, 'ip', ...args);
      inside('addr', 'add', `${node.address}/24`, 'dev', inner);
      inside('link', 'set', inner, 'up');
      inside('link', 'set', 'lo', 'up');
    }
  } catch (error) {
    lab.destroy();
    throw error;
  }
  return lab;
}
