import { createRequire } from 'node:module';
import type * as NapiCanvas from '@napi-rs/canvas';
import type { Canvas } from '@napi-rs/canvas';

const require = createRequire(import.meta.url);
/** @napi-rs/canvas is an optional install (see ocr-engine.ts): loaded when a page or picture is drawn. */
const canvasModule = () => require('@napi-rs/canvas') as typeof NapiCanvas;

export interface TOcrImage {
  png: Buffer;
  /** Points on the page per pixel of `png`. */
  ptPerPx: number;
}

/** Smallest picture worth reading: icons and bullets are smaller. */
const MIN_SIDE_PX = 24;

/** Scale that brings `width` x `height` to at most `maxPixels`, never enlarging more than 3x. */
export const fitScale = (width: number, height: number, maxPixels: number) =>
  Math.min(3, Math.sqrt(maxPixels / Math.max(1, width * height)));

/** A canvas with a white background: transparent pixels would otherwise read as black to tesseract. */
export function whiteCanvas(width: number, height: number): Canvas {
  const canvas = canvasModule().createCanvas(Math.max(1, Math.round(width)), Math.max(1, Math.round(height)));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  return canvas;
}

/**
 * A slide picture (PNG, JPEG, GIF, BMP, WebP) drawn on white at no more than `maxPixels`, or null when it
 * is too small to hold text or cannot be decoded. Skia decodes the header first, so a picture declaring
 * huge dimensions is scaled down as it is drawn rather than expanded whole.
 */
export async function prepareImage(
  bytes: Buffer,
  heightPt: number,
  maxPixels: number,
): Promise<TOcrImage | null> {
  let image;
  try {
    image = await canvasModule().loadImage(bytes);
  } catch {
    return null;
  }
  if (image.width < MIN_SIDE_PX || image.height < MIN_SIDE_PX) return null;
  const scale = Math.min(1, fitScale(image.width, image.height, maxPixels));
  const canvas = whiteCanvas(image.width * scale, image.height * scale);
  canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
  return { png: canvas.toBuffer('image/png'), ptPerPx: heightPt / canvas.height };
}
