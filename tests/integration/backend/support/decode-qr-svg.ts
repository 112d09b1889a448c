import jsQRModule from 'jsqr';

// jsqr is CommonJS whose exports are the decoder with itself as `.default`; under NodeNext the default import
// is typed as that exports object, and `.default` is the decoder both at runtime and to the type checker.
const jsQR = jsQRModule.default;

const PIXELS_PER_MODULE = 4;

/**
 * Reads a QR code back out of the SVG the backend renders (qrcode's format: a viewBox in modules and one
 * stroked path of horizontal runs, `M x y+0.5 h len` and `m dx dy h len`), by painting the runs into a bitmap
 * and handing it to a real QR decoder. Throws when the SVG is not in that shape or holds no readable code.
 */
export function decodeQrSvg(svg: string): string {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const path = /<path stroke="[^"]+" d="([^"]+)"/.exec(svg)?.[1];
  if (!Number.isInteger(size) || !path) throw new Error('not a QR code SVG');
  const dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  let x = 0;
  let y = 0;
  for (const [, command, a = '0', b = '0'] of path.matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    if (command === 'M') [x, y] = [Number(a), Number(b)];
    else if (command === 'm') [x, y] = [x + Number(a), y + Number(b)];
    else {
      for (let column = x; column < x + Number(a); column += 1) {
        const row = dark[Math.floor(y)];
        if (row) row[column] = true;
      }
      x += Number(a);
    }
  }
  const width = size * PIXELS_PER_MODULE;
  const pixels = new Uint8ClampedArray(width * width * 4);
  for (let py = 0; py < width; py += 1) {
    for (let px = 0; px < width; px += 1) {
      const on = dark[Math.floor(py / PIXELS_PER_MODULE)]?.[Math.floor(px / PIXELS_PER_MODULE)] === true;
      pixels.fill(on ? 0 : 255, (py * width + px) * 4, (py * width + px) * 4 + 3);
      pixels[(py * width + px) * 4 + 3] = 255;
    }
  }
  const code = jsQR(pixels, width, width);
  if (!code) throw new Error('no readable QR code in the SVG');
  return code.data;
}
