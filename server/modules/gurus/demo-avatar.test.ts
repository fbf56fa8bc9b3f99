import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildDemoAvatarGlb, DEMO_AVATAR_PATH } from '../../../scripts/make-demo-avatar';
import { isGlb } from './uploads';

/** Reads the JSON chunk of a GLB (glTF 2.0 binary container). */
function gltfJson(glb: Buffer) {
  const length = glb.readUInt32LE(12);
  expect(glb.readUInt32LE(16)).toBe(0x4e4f534a);
  return JSON.parse(glb.subarray(20, 20 + length).toString('utf8'));
}

describe('the demo avatar model', () => {
  it('is a well-formed GLB whose mouth has a mouthOpen morph target', () => {
    const glb = buildDemoAvatarGlb();
    expect(isGlb(glb)).toBe(true);
    expect(glb.readUInt32LE(8)).toBe(glb.length);
    const json = gltfJson(glb);
    expect(json.asset.version).toBe('2.0');
    const mouth = json.meshes.find((mesh: { name: string }) => mesh.name === 'Mouth');
    expect(mouth.extras.targetNames).toEqual(['mouthOpen']);
    expect(mouth.primitives[0].targets).toHaveLength(1);
    // Every accessor fits inside the binary chunk.
    const binLength = json.buffers[0].byteLength;
    for (const view of json.bufferViews)
      expect(view.byteOffset + view.byteLength).toBeLessThanOrEqual(binLength);
  });

  it('is committed as generated (run scripts/make-demo-avatar.ts after changing it)', () => {
    expect(readFileSync(DEMO_AVATAR_PATH).equals(buildDemoAvatarGlb())).toBe(true);
  });

  it('is told apart from other files by its bytes', () => {
    expect(isGlb(Buffer.from('glTF'))).toBe(false);
    expect(isGlb(Buffer.from('PNG image data that is long enough'))).toBe(false);
  });
});
