import { createCanvas } from '@napi-rs/canvas';

let blank: Promise<Buffer> | undefined;

/** A white 1280×720 PNG for a segment added without a slide; drawn once per process. */
export function blankSlidePng(): Promise<Buffer> {
  blank ??= (async () => {
    const canvas = createCanvas(1280, 720);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, 1280, 720);
    return canvas.encode('png');
  })();
  return blank;
}
