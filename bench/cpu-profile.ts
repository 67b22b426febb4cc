// Reads a V8 CPU profile (node --cpu-prof) and says where the time went: self time by package or part of the program.
import fs from "node:fs";
import path from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** What a frame belongs to: an npm package, the app's own build, a part of Node, or V8's own (GC, idle, program). */
function partOf(frame: ProfileNode["callFrame"]): string {
  const { url, functionName } = frame;
  if (!url) return functionName || "(native)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  if (url.includes("/build/server/")) return "the app (server build)";
  if (url.startsWith("node:")) return url;
  // PGlite's WebAssembly module has a hash for a name.
  if (/^wasm:|^[0-9a-f]{8}$/.test(path.basename(url))) return "WebAssembly (PGlite's PostgreSQL)";
  return path.basename(url);
}

/** The newest profile in `directory`, summarised: the parts with the largest share of samples, largest first. */
export function summariseNewestProfile(directory: string, top = 12): { part: string; share: string }[] {
  const newest = fs
    .readdirSync(directory)
    .filter((name) => name.endsWith(".cpuprofile"))
    .map((name) => path.join(directory, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
  if (!newest) return [];
  const profile: CpuProfile = JSON.parse(fs.readFileSync(newest, "utf8"));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const time = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    const delta = profile.timeDeltas[index] ?? 0;
    if (!node) return;
    const part = partOf(node.callFrame);
    time.set(part, (time.get(part) ?? 0) + delta);
    total += delta;
  });
  return [...time]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([part, micros]) => ({ part, share: `${((micros / total) * 100).toFixed(1)} %` }));
}
