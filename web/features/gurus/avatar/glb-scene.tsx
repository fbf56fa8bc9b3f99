import { Center, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { useT } from '../i18n';
import type { GlbAvatarProps } from './glb-avatar-props';

/** Morph target names that open a mouth: ours, ARKit/Ready Player Me, and RPM's visemes. */
const MOUTH_TARGETS = ['mouthOpen', 'jawOpen', 'viseme_aa'];

interface Mouth {
  morphs: { mesh: THREE.Mesh; index: number }[];
  jaw: THREE.Object3D | null;
  jawRest: number;
}

function findMouth(root: THREE.Object3D): Mouth {
  const mouth: Mouth = { morphs: [], jaw: null, jawRest: 0 };
  root.traverse((object) => {
    const mesh = object as THREE.Mesh;
    if (mesh.isMesh && mesh.morphTargetDictionary) {
      const name = MOUTH_TARGETS.find((target) => mesh.morphTargetDictionary?.[target] !== undefined);
      if (name) mouth.morphs.push({ mesh, index: mesh.morphTargetDictionary[name] });
    }
    if (!mouth.jaw && /jaw/i.test(object.name) && (object as THREE.Bone).isBone) {
      mouth.jaw = object;
      mouth.jawRest = object.rotation.x;
    }
  });
  return mouth;
}

/** Puts the model's head in the middle of the view, whatever its size and origin. */
function frame(model: THREE.Object3D, camera: THREE.PerspectiveCamera) {
  const box = new THREE.Box3().setFromObject(model);
  const size = box.getSize(new THREE.Vector3());
  const center = box.getCenter(new THREE.Vector3());
  // A full-body model (Ready Player Me) is framed on its head: the top fifth of its height.
  const fullBody = size.y > size.x * 2;
  const target = fullBody ? new THREE.Vector3(center.x, box.max.y - size.y * 0.1, center.z) : center;
  const span = fullBody ? size.y * 0.22 : Math.max(size.x, size.y);
  camera.position.set(target.x, target.y, target.z + span * 2.4);
  camera.lookAt(target);
  camera.near = span / 100;
  camera.far = span * 100;
  camera.updateProjectionMatrix();
}

/** The three.js part of GlbAvatar (lazy-loaded). */
export default function GlbScene({ url, level, height = 280, label }: GlbAvatarProps) {
  const host = useRef<HTMLDivElement>(null);
  const levelRef = useRef(level);
  const t = useT();
  // The key of what went wrong, shown in the interface's language.
  const [failed, setFailed] = useState<string | null>(null);
  const ariaLabel = label ?? t('gurus.avatar3d.label');
  levelRef.current = level;

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    setFailed(null);
    let renderer: THREE.WebGLRenderer;
    try {
      renderer = new THREE.WebGLRenderer({ antialias: true, alpha: true });
    } catch {
      setFailed('gurus.avatar3d.unsupported');
      return;
    }
    renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    renderer.domElement.setAttribute('role', 'img');
    renderer.domElement.setAttribute('aria-label', ariaLabel);
    element.appendChild(renderer.domElement);
    const scene = new THREE.Scene();
    scene.add(new THREE.HemisphereLight(0xffffff, 0x445566, 2));
    const sun = new THREE.DirectionalLight(0xffffff, 2);
    sun.position.set(1, 2, 3);
    scene.add(sun);
    const camera = new THREE.PerspectiveCamera(30, 1, 0.01, 100);

    const resize = () => {
      const width = element.clientWidth || 280;
      renderer.setSize(width, height);
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(element);

    let model: THREE.Object3D | null = null;
    let mouth: Mouth = { morphs: [], jaw: null, jawRest: 0 };
    let open = 0;
    let stopped = false;
    new GLTFLoader().load(
      url,
      (gltf) => {
        if (stopped) return;
        model = gltf.scene;
        scene.add(model);
        frame(model, camera);
        mouth = findMouth(model);
      },
      undefined,
      () => !stopped && setFailed('gurus.avatar3d.loadFailed'),
    );

    const clock = new THREE.Clock();
    renderer.setAnimationLoop(() => {
      const elapsed = clock.getElapsedTime();
      // Smooth the level so the mouth does not flicker with every audio frame.
      open += (Math.max(0, Math.min(1, levelRef.current)) - open) * 0.35;
      for (const { mesh, index } of mouth.morphs) {
        if (mesh.morphTargetInfluences) mesh.morphTargetInfluences[index] = open;
      }
      if (mouth.jaw) mouth.jaw.rotation.x = mouth.jawRest + open * 0.25;
      if (model) model.rotation.y = Math.sin(elapsed * 0.6) * 0.12;
      renderer.render(scene, camera);
    });

    return () => {
      stopped = true;
      observer.disconnect();
      renderer.setAnimationLoop(null);
      scene.traverse((object) => {
        const mesh = object as THREE.Mesh;
        if (!mesh.isMesh) return;
        mesh.geometry.dispose();
        for (const material of [mesh.material].flat()) material.dispose();
      });
      renderer.dispose();
      renderer.domElement.remove();
    };
  }, [url, height, ariaLabel]);

  if (failed) {
    return (
      <Center h={height}>
        <Text c="dimmed" size="sm" role="status">
          {t(failed)}
        </Text>
      </Center>
    );
  }
  return <div ref={host} style={{ width: '100%', height }} data-testid="glb-avatar" />;
}
