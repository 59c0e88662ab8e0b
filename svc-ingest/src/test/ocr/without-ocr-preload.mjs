// Test preload (node --import) for every thread it runs in: the optional OCR packages cannot be found,
// as in an image installed without them (k8s/images, OCR=off). They are looked up with require and
// require.resolve (ocr-engine.ts, render-image.ts, pdfjs-dist), which this hides; tesseract.js's own
// dynamic import happens only once OCR is on.
import { createRequire } from 'node:module';

const Module = createRequire(import.meta.url)('node:module');

const HIDDEN = String.raw`^(tesseract\.js|tesseract\.js-core|@tesseract\.js-data/eng|@napi-rs/canvas)(/|$)`;
const hidden = new RegExp(HIDDEN);
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (hidden.test(request)) {
    const error = new Error(`Cannot find module '${request}' (hidden by without-ocr-preload)`);
    error.code = 'MODULE_NOT_FOUND';
    throw error;
  }
  return resolveFilename.call(this, request, ...rest);
};
