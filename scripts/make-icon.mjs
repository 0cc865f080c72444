// Draws media/icon.png (128x128): a catalog list under a magnifying glass.
// Procedural, so the icon is reproducible without an image editor.
import * as fs from 'node:fs';
import * as zlib from 'node:zlib';
import { Buffer } from 'node:buffer';

const N = 128;
const SS = 4; // supersampling per axis for smooth edges
const px = new Float64Array(N * N * 4);

function roundedRect(x, y, x0, y0, x1, y1, r) {
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r && x >= x0 && x <= x1 && y >= y0 && y <= y1;
}

function colorAt(x, y) {
  // Background tile.
  if (!roundedRect(x, y, 4, 4, 124, 124, 22)) return null;
  let c = [0x1f, 0x4e, 0x8c, 255];
  // Catalog rows: bullet + bar.
  for (const [row, w] of [[30, 62], [50, 50], [70, 58], [90, 40]]) {
    if ((x - 26) ** 2 + (y - row) ** 2 <= 25) c = [0xe8, 0xf1, 0xff, 255];
    if (roundedRect(x, y, 36, row - 4, 36 + w, row + 4, 4)) c = [0xb9, 0xd3, 0xf5, 255];
  }
  // Magnifier: ring, lens tint, handle.
  const mx = 82, my = 74, d = Math.hypot(x - mx, y - my);
  if (d <= 20) c = [0x7f, 0xc8, 0xff, 255];
  if (d > 20 && d <= 27) c = [0xff, 0xc8, 0x3d, 255];
  const t = ((x - mx) + (y - my)) / 2;
  const off = Math.abs((x - mx) - (y - my)) / Math.SQRT2;
  if (t * Math.SQRT2 > 26 && t * Math.SQRT2 < 52 && off < 6) c = [0xff, 0xc8, 0x3d, 255];
  return c;
}

for (let y = 0; y < N; y++) {
  for (let x = 0; x < N; x++) {
    const acc = [0, 0, 0, 0];
    for (let sy = 0; sy < SS; sy++) {
      for (let sx = 0; sx < SS; sx++) {
        const c = colorAt(x + (sx + 0.5) / SS, y + (sy + 0.5) / SS);
        if (c) for (let i = 0; i < 4; i++) acc[i] += i < 3 ? c[i] * c[3] / 255 : c[3];
      }
    }
    const a = acc[3] / (SS * SS);
    const o = (y * N + x) * 4;
    for (let i = 0; i < 3; i++) px[o + i] = a > 0 ? acc[i] / (acc[3] / 255) : 0;
    px[o + 3] = a;
  }
}

const raw = Buffer.alloc(N * (N * 4 + 1));
for (let y = 0; y < N; y++) {
  raw[y * (N * 4 + 1)] = 0;
  for (let i = 0; i < N * 4; i++) raw[y * (N * 4 + 1) + 1 + i] = Math.round(Math.min(255, px[y * N * 4 + i]));
}
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const c = Buffer.alloc(4);
  c.writeUInt32BE(crc(td));
  return Buffer.concat([len, td, c]);
}
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(N, 0);
ihdr.writeUInt32BE(N, 4);
ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', ihdr),
  chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
fs.mkdirSync('media', { recursive: true });
fs.writeFileSync('media/icon.png', png);
console.log(`media/icon.png: ${png.length} bytes`);
