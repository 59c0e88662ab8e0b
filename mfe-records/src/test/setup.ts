// After web-kit's jsdom setup: unmount what each test rendered (vitest runs without globals, so
// testing-library cannot register this itself).
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => cleanup());

// jsdom has no SVG text layout: @fluentui/react-charts measures axis labels with getComputedTextLength and
// getBBox. Give them a width proportional to the text (about 6 px a character), as a browser at 12 px would.
const svgProto = globalThis.SVGElement?.prototype as
  (SVGElement & { getComputedTextLength?: () => number; getBBox?: () => DOMRect }) | undefined;
if (svgProto && !svgProto.getComputedTextLength) {
  svgProto.getComputedTextLength = function (this: SVGElement) {
    return (this.textContent ?? '').length * 6;
  };
}
if (svgProto && !svgProto.getBBox) {
  svgProto.getBBox = function (this: SVGElement) {
    const width = (this.textContent ?? '').length * 6;
    return { x: 0, y: 0, width, height: 12, top: 0, left: 0, right: width, bottom: 12 } as DOMRect;
  };
}
