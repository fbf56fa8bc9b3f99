/**
 * Writes web/public/avatars/demo-guru.glb: a small stylised head made for this project (no outside asset),
 * used by the demo and as the example Ready Player Me style avatar. A sphere head, two eyes with pupils,
 * hair, and a mouth whose morph target 'mouthOpen' drops the lower lip — GlbAvatar drives it with the
 * audio level. Run: npx tsx scripts/make-demo-avatar.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Vec3 = [number, number, number];

interface Part {
  name: string;
  color: [number, number, number, number];
  positions: number[];
  normals: number[];
  indices: number[];
  /** Per-vertex displacement for the 'mouthOpen' morph target. */
  mouthOpen?: number[];
}

/** A UV sphere scaled by `radii` around `center`; `keep` drops triangles (e.g. half a sphere for hair). */
function ellipsoid(
  name: string,
  color: Part['color'],
  center: Vec3,
  radii: Vec3,
  segments = 24,
  rings = 16,
  keepRing: (ring: number) => boolean = () => true,
): Part {
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  for (let r = 0; r <= rings; r++) {
    const phi = (r / rings) * Math.PI;
    for (let s = 0; s <= segments; s++) {
      const theta = (s / segments) * Math.PI * 2;
      const n: Vec3 = [Math.sin(phi) * Math.sin(theta), Math.cos(phi), Math.sin(phi) * Math.cos(theta)];
      positions.push(center[0] + n[0] * radii[0], center[1] + n[1] * radii[1], center[2] + n[2] * radii[2]);
      // The normal of an ellipsoid is the sphere normal divided by the radii, normalised.
      const m: Vec3 = [n[0] / radii[0], n[1] / radii[1], n[2] / radii[2]];
      const length = Math.hypot(...m) || 1;
      normals.push(m[0] / length, m[1] / length, m[2] / length);
    }
  }
  for (let r = 0; r < rings; r++) {
    if (!keepRing(r)) continue;
    for (let s = 0; s < segments; s++) {
      const a = r * (segments + 1) + s;
      const b = a + segments + 1;
      indices.push(a, b, a + 1, b, b + 1, a + 1);
    }
  }
  return { name, color, positions, normals, indices };
}

/** The mouth: a flat ellipsoid whose lower half moves down (and a little back) when 'mouthOpen' is 1. */
function mouth(): Part {
  const part = ellipsoid('Mouth', [0.55, 0.12, 0.16, 1], [0, -0.32, 0.86], [0.2, 0.05, 0.05], 20, 10);
  const mouthOpen: number[] = [];
  for (let i = 0; i < part.positions.length; i += 3) {
    const below = part.positions[i + 1] < -0.32;
    mouthOpen.push(0, below ? -0.14 : 0.02, below ? -0.02 : 0);
  }
  return { ...part, mouthOpen };
}

function parts(): Part[] {
  const skin: Part['color'] = [0.93, 0.76, 0.62, 1];
  const white: Part['color'] = [0.97, 0.97, 0.97, 1];
  const dark: Part['color'] = [0.1, 0.1, 0.14, 1];
  return [
    ellipsoid('Head', skin, [0, 0, 0], [0.82, 0.95, 0.85], 32, 24),
    // The top rings of a slightly bigger sphere: a cap of hair.
    ellipsoid('Hair', [0.2, 0.13, 0.08, 1], [0, 0.06, -0.02], [0.86, 0.98, 0.89], 32, 24, (ring) => ring < 9),
    ellipsoid('EyeLeft', white, [-0.28, 0.15, 0.72], [0.13, 0.11, 0.08]),
    ellipsoid('EyeRight', white, [0.28, 0.15, 0.72], [0.13, 0.11, 0.08]),
    ellipsoid('PupilLeft', dark, [-0.28, 0.15, 0.79], [0.06, 0.06, 0.03]),
    ellipsoid('PupilRight', dark, [0.28, 0.15, 0.79], [0.06, 0.06, 0.03]),
    ellipsoid('Nose', [0.9, 0.68, 0.55, 1], [0, -0.06, 0.86], [0.07, 0.1, 0.07]),
    mouth(),
  ];
}

function minMax(values: number[]) {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < values.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k], values[i + k]);
      max[k] = Math.max(max[k], values[i + k]);
    }
  }
  return { min, max };
}

/** Builds the glTF 2.0 binary (GLB): JSON chunk + one BIN buffer holding every accessor. */
export function buildDemoAvatarGlb(): Buffer {
  const chunks: Buffer[] = [];
  let offset = 0;
  const bufferViews: object[] = [];
  const accessors: object[] = [];
  const addView = (bytes: Buffer, target: number) => {
    const padded = Buffer.concat([bytes, Buffer.alloc((4 - (bytes.length % 4)) % 4)]);
    bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: bytes.length, target });
    chunks.push(padded);
    offset += padded.length;
    return bufferViews.length - 1;
  };
  const addVec3 = (values: number[], withBounds: boolean) => {
    const view = addView(Buffer.from(new Float32Array(values).buffer), 34962);
    accessors.push({
      bufferView: view,
      componentType: 5126,
      count: values.length / 3,
      type: 'VEC3',
      ...(withBounds ? minMax(values) : {}),
    });
    return accessors.length - 1;
  };
  const addIndices = (values: number[]) => {
    const view = addView(Buffer.from(new Uint16Array(values).buffer), 34963);
    accessors.push({ bufferView: view, componentType: 5123, count: values.length, type: 'SCALAR' });
    return accessors.length - 1;
  };

  const materials: object[] = [];
  const meshes: object[] = [];
  const nodes: object[] = [];
  for (const part of parts()) {
    materials.push({
      name: part.name,
      pbrMetallicRoughness: { baseColorFactor: part.color, metallicFactor: 0, roughnessFactor: 0.75 },
    });
    const primitive: Record<string, unknown> = {
      attributes: { POSITION: addVec3(part.positions, true), NORMAL: addVec3(part.normals, false) },
      indices: addIndices(part.indices),
      material: materials.length - 1,
    };
    const mesh: Record<string, unknown> = { name: part.name, primitives: [primitive] };
    if (part.mouthOpen) {
      primitive.targets = [{ POSITION: addVec3(part.mouthOpen, true) }];
      mesh.weights = [0];
      // three.js GLTFLoader names morph targets from extras.targetNames.
      mesh.extras = { targetNames: ['mouthOpen'] };
    }
    meshes.push(mesh);
    nodes.push({ name: part.name, mesh: meshes.length - 1 });
  }
  const bin = Buffer.concat(chunks);
  const gltf = {
    asset: { version: '2.0', generator: 'gurukul scripts/make-demo-avatar.ts' },
    scene: 0,
    scenes: [{ name: 'DemoGuru', nodes: [nodes.length] }],
    nodes: [...nodes, { name: 'DemoGuru', children: nodes.map((_, i) => i) }],
    meshes,
    materials,
    accessors,
    bufferViews,
    buffers: [{ byteLength: bin.length }],
  };
  const jsonBytes = Buffer.from(JSON.stringify(gltf), 'utf8');
  const json = Buffer.concat([jsonBytes, Buffer.alloc((4 - (jsonBytes.length % 4)) % 4, 0x20)]);
  const chunkHeader = (length: number, type: number) => {
    const header = Buffer.alloc(8);
    header.writeUInt32LE(length, 0);
    header.writeUInt32LE(type, 4);
    return header;
  };
  const header = Buffer.alloc(12);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + 8 + json.length + 8 + bin.length, 8);
  return Buffer.concat([
    header,
    chunkHeader(json.length, 0x4e4f534a),
    json,
    chunkHeader(bin.length, 0x004e4942),
    bin,
  ]);
}

export const DEMO_AVATAR_PATH = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'web',
  'public',
  'avatars',
  'demo-guru.glb',
);

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const glb = buildDemoAvatarGlb();
  writeFileSync(DEMO_AVATAR_PATH, glb);
  console.log(`wrote ${DEMO_AVATAR_PATH} (${glb.length} bytes)`);
}
