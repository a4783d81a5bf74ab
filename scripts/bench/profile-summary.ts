/**
 * `node scripts/bench/profile-summary.ts <file.cpuprofile>…`: where a V8 CPU profile spent its time —
 * self time by function and by file (node_modules package or project file), the top entries of each.
 * Profiles come from `npm run bench:site -- --profile` (var/bench/<n>/prof).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const TOP = Number(process.env['TOP'] ?? 25);

function where(url: string): string {
  if (url === '') return '(native/VM)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return `pkg ${modules[1]}`;
  if (url.startsWith('node:')) return url;
  const project = /\/work\/main\/(.*)$/.exec(url.replace(/^file:\/\//, ''));
  return project ? (project[1] ?? url) : url;
}

for (const file of process.argv.slice(2)) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) =>
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)),
  );
  const total = (profile.endTime - profile.startTime) / 1000;
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const [id, us] of self) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${where(url)}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us / 1000);
    byFile.set(where(url), (byFile.get(where(url)) ?? 0) + us / 1000);
  }
  const print = (title: string, map: Map<string, number>) => {
    console.info(`  ${title}`);
    for (const [name, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP))
      console.info(
        `    ${ms.toFixed(0).padStart(7)} ms ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${name}`,
      );
  };
  // Inclusive time of functions outside node_modules and node's internals (the site's own code),
  // counted once per call path even when recursive.
  const inclusive = new Map<string, number>();
  const walk = (id: number, onPath: ReadonlySet<string>): number => {
    const node = byId.get(id);
    if (!node) return 0;
    let sum = (self.get(id) ?? 0) / 1000;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${where(url)}:${lineNumber + 1}`;
    const own = url !== '' && !url.includes('node_modules') && !url.startsWith('node:');
    const path = own && !onPath.has(name) ? new Set([...onPath, name]) : onPath;
    for (const child of node.children ?? []) sum += walk(child, path);
    if (own && !onPath.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + sum);
    return sum;
  };
  const rootNode = profile.nodes[0];
  if (rootNode) walk(rootNode.id, new Set());
  console.info(`${file}: ${(total / 1000).toFixed(1)} s profiled`);
  print('self time by file/package', byFile);
  print('self time by function', byFunction);
  print('inclusive time of project functions', inclusive);
}
