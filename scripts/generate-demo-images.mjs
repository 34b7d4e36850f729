#!/usr/bin/env node
/**
 * Renders the demo catalogue's pictures: procedurally drawn SVG scenes (no photos, no downloads)
 * encoded as WebP under public/images/demo/. The output is committed; re-run only to change a scene:
 *
 *   node scripts/generate-demo-images.mjs            # all scenes
 *   node scripts/generate-demo-images.mjs fort mosque-domes
 *
 * Every scene draws from a pseudo-random generator seeded by its name, so output is reproducible.
 */
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const W = 1600;
const H = 1000;
const OUT_DIR = path.join(process.cwd(), 'public', 'images', 'demo');
const WEBP = { quality: 70, effort: 6, smartSubsample: true };
const MAX_BYTES = 60 * 1024;

// ---------------------------------------------------------------------------
// Small utilities
// ---------------------------------------------------------------------------

function hashString(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, deterministic. */
function generator(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.range = (min, max) => min + next() * (max - min);
  next.int = (min, max) => Math.floor(min + next() * (max - min + 1));
  next.pick = (list) => list[Math.floor(next() * list.length)];
  return next;
}

const f = (n) => (Math.round(n * 10) / 10).toString();
const pt = ([x, y]) => `${f(x)},${f(y)}`;

/** Catmull-Rom spline through the points, as cubic Béziers. */
function smoothLine(points) {
  let d = `M${pt(points[0])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[i - 1] ?? points[i];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[i + 2] ?? p2;
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${pt(c1)} ${pt(c2)} ${pt(p2)}`;
  }
  return d;
}

const polyLine = (points) => `M${points.map(pt).join('L')}`;

/** A closed area under a ridge line, down to `bottom`. */
function area(points, { smooth = true, bottom = H } = {}) {
  const first = points[0];
  const last = points[points.length - 1];
  return `${smooth ? smoothLine(points) : polyLine(points)}L${f(last[0])},${bottom}L${f(first[0])},${bottom}Z`;
}

/** Rolling ridge (dunes, distant hills): a sum of sines with random phases. */
function rollingRidge(rand, { y, amp, waves = [1.5, 3.2, 6.5], x0 = -40, x1 = W + 40, step = 40 }) {
  const phases = waves.map(() => rand.range(0, Math.PI * 2));
  const weights = waves.map((_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const points = [];
  for (let x = x0; x <= x1 + 0.1; x += step) {
    let v = 0;
    waves.forEach((w, i) => {
      v += weights[i] * Math.sin((x / W) * w * Math.PI * 2 + phases[i]);
    });
    points.push([x, y - (v / total) * amp]);
  }
  return points;
}

/** Jagged ridge (rocky mountains) by midpoint displacement. */
function jaggedRidge(rand, { y, amp, roughness = 0.55, depth = 7, x0 = -20, x1 = W + 20, peaks }) {
  let points = [
    [x0, y - rand.range(0, amp * 0.6)],
    [x1, y - rand.range(0, amp * 0.6)],
  ];
  if (peaks) {
    points = [[x0, y - rand.range(0, amp * 0.4)], ...peaks, [x1, y - rand.range(0, amp * 0.4)]];
  }
  let spread = amp;
  for (let level = 0; level < depth; level++) {
    const next = [];
    for (let i = 0; i < points.length - 1; i++) {
      const a = points[i];
      const b = points[i + 1];
      next.push(a, [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2 + rand.range(-spread, spread) * 0.5]);
    }
    next.push(points[points.length - 1]);
    points = next;
    spread *= roughness;
  }
  return points.map(([x, py]) => [x, Math.min(py, y + amp * 0.3)]);
}

// ---------------------------------------------------------------------------
// Scene: collects <defs> and body, hands out unique ids
// ---------------------------------------------------------------------------

class Scene {
  constructor(name) {
    this.name = name;
    this.rand = generator(hashString(name));
    this.defs = [];
    this.body = [];
    this.ids = 0;
  }

  id(prefix) {
    this.ids += 1;
    return `${prefix}${this.ids}`;
  }

  add(...parts) {
    this.body.push(...parts);
  }

  stops(list) {
    return list
      .map(([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}"${opacity < 1 ? ` stop-opacity="${opacity}"` : ''}/>`)
      .join('');
  }

  /** Linear gradient; by default top → bottom over the shape's bounding box. */
  linear(list, { x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false } = {}) {
    const id = this.id('l');
    const units = user ? ' gradientUnits="userSpaceOnUse"' : '';
    this.defs.push(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${units}>${this.stops(list)}</linearGradient>`);
    return `url(#${id})`;
  }

  /** Radial gradient in user space (absolute centre and radius). */
  radial(list, { cx, cy, r, fx = cx, fy = cy }) {
    const id = this.id('r');
    this.defs.push(
      `<radialGradient id="${id}" cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fx="${f(fx)}" fy="${f(fy)}" gradientUnits="userSpaceOnUse">${this.stops(list)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** Radial gradient over the shape's bounding box. */
  radialBox(list, { cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy } = {}) {
    const id = this.id('rb');
    this.defs.push(`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}">${this.stops(list)}</radialGradient>`);
    return `url(#${id})`;
  }

  blur(deviation) {
    const id = this.id('b');
    this.defs.push(
      `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`,
    );
    return `url(#${id})`;
  }

  clip(inner) {
    const id = this.id('c');
    this.defs.push(`<clipPath id="${id}">${inner}</clipPath>`);
    return `url(#${id})`;
  }

  pattern(width, height, inner, extra = '') {
    const id = this.id('p');
    this.defs.push(`<pattern id="${id}" width="${width}" height="${height}" patternUnits="userSpaceOnUse"${extra}>${inner}</pattern>`);
    return `url(#${id})`;
  }

  svg() {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`;
  }
}

// ---------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------

/** Runs `draw` and returns what it added, so a structure can also be drawn as its own reflection. */
function capture(s, draw) {
  const start = s.body.length;
  draw();
  return s.body.slice(start).join('');
}

function sky(s, list, height = H) {
  s.add(`<rect width="${W}" height="${height}" fill="${s.linear(list)}"/>`);
}

function sun(s, { cx, cy, r, core = '#fff6d5', glow = '#ffd27a', glowRadius = r * 6, glowOpacity = 0.75 }) {
  s.add(
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(glowRadius)}" fill="${s.radial(
      [
        [0, glow, glowOpacity],
        [0.35, glow, glowOpacity * 0.35],
        [1, glow, 0],
      ],
      { cx, cy, r: glowRadius },
    )}"/>`,
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${core}"/>`,
  );
}

function stars(s, count, maxY, { minY = 0 } = {}) {
  const { rand } = s;
  const parts = [];
  for (let i = 0; i < count; i++) {
    const x = rand.range(0, W);
    const y = minY + Math.pow(rand(), 1.6) * (maxY - minY);
    const r = rand() < 0.08 ? rand.range(1.6, 2.4) : rand.range(0.6, 1.4);
    parts.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" opacity="${f(rand.range(0.35, 1))}"/>`);
  }
  s.add(`<g fill="#fffbe8">${parts.join('')}</g>`);
}

function clouds(s, { count, yMin, yMax, color = '#ffffff', opacity = 0.7, scale = 1, blur = 10 }) {
  const { rand } = s;
  const filter = s.blur(blur);
  const groups = [];
  for (let i = 0; i < count; i++) {
    const cx = rand.range(-50, W + 50);
    const cy = rand.range(yMin, yMax);
    const width = rand.range(160, 360) * scale;
    const puffs = [];
    const n = rand.int(4, 7);
    for (let j = 0; j < n; j++) {
      const px = cx - width / 2 + (j + 0.5) * (width / n) + rand.range(-15, 15);
      const ry = rand.range(14, 34) * scale * (1 - Math.abs(j - n / 2) / n);
      puffs.push(`<ellipse cx="${f(px)}" cy="${f(cy - ry * 0.4)}" rx="${f((width / n) * 0.95)}" ry="${f(Math.max(ry, 8))}"/>`);
    }
    puffs.push(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(width * 0.55)}" ry="${f(12 * scale)}"/>`);
    groups.push(`<g opacity="${f(opacity * rand.range(0.6, 1))}">${puffs.join('')}</g>`);
  }
  s.add(`<g fill="${color}" filter="${filter}">${groups.join('')}</g>`);
}

function birds(s, { count, x, y, spread = 200, color = '#2b2233', size = 10 }) {
  const { rand } = s;
  const parts = [];
  for (let i = 0; i < count; i++) {
    const bx = x + rand.range(-spread, spread);
    const by = y + rand.range(-spread * 0.35, spread * 0.35);
    const w = size * rand.range(0.7, 1.3);
    parts.push(`M${f(bx - w)},${f(by - w * 0.3)}Q${f(bx - w * 0.5)},${f(by - w * 0.6)} ${f(bx)},${f(by)}Q${f(bx + w * 0.5)},${f(by - w * 0.6)} ${f(bx + w)},${f(by - w * 0.3)}`);
  }
  s.add(`<path d="${parts.join('')}" fill="none" stroke="${color}" stroke-width="2.2" stroke-linecap="round"/>`);
}

/** Flat water with horizontal shimmer lines. */
function water(s, { y, colors, shimmer = '#ffffff', shimmerOpacity = 0.25, lines = 60, bottom = H }) {
  const { rand } = s;
  s.add(`<rect x="0" y="${f(y)}" width="${W}" height="${f(bottom - y)}" fill="${s.linear(colors)}"/>`);
  const parts = [];
  for (let i = 0; i < lines; i++) {
    const t = Math.pow(rand(), 1.4);
    const ly = y + 4 + t * (bottom - y - 4);
    const len = (20 + t * 140) * rand.range(0.5, 1.5);
    const lx = rand.range(-20, W);
    parts.push(`<rect x="${f(lx)}" y="${f(ly)}" width="${f(len)}" height="${f(1 + t * 2.5)}" rx="1.5" opacity="${f(rand.range(0.3, 1))}"/>`);
  }
  s.add(`<g fill="${shimmer}" opacity="${shimmerOpacity}">${parts.join('')}</g>`);
}

/** Draws `inner` mirrored about the line y = axis, faded and softened. */
function reflection(s, axis, inner, { opacity = 0.35, blur = 3 } = {}) {
  const filter = blur ? ` filter="${s.blur(blur)}"` : '';
  s.add(`<g opacity="${opacity}"${filter}><g transform="translate(0 ${f(axis * 2)}) scale(1 -1)">${inner}</g></g>`);
}

function palm(s, { x, y, h, color = '#1f2a22', lean = 0.12, fronds = 9, frondLength }) {
  const { rand } = s;
  const topX = x + h * lean;
  const topY = y - h;
  const len = frondLength ?? h * 0.5;
  const trunk = `M${f(x - h * 0.035)},${f(y)}Q${f(x + h * lean * 0.2)},${f(y - h * 0.55)} ${f(topX - h * 0.012)},${f(topY)}L${f(topX + h * 0.012)},${f(topY)}Q${f(x + h * lean * 0.35 + h * 0.03)},${f(y - h * 0.5)} ${f(x + h * 0.035)},${f(y)}Z`;
  const leaves = [];
  for (let i = 0; i < fronds; i++) {
    const angle = -Math.PI + (i / (fronds - 1)) * Math.PI + rand.range(-0.15, 0.15);
    const l = len * rand.range(0.75, 1.1);
    const droop = l * rand.range(0.35, 0.6) * (1 - Math.abs(Math.sin(angle)) * 0.4);
    const tip = [topX + Math.cos(angle) * l, topY + Math.sin(angle) * l * 0.55 + droop];
    const ctrl = [topX + Math.cos(angle) * l * 0.55, topY + Math.sin(angle) * l * 0.55 - l * 0.18];
    const normal = [-Math.sin(angle), Math.cos(angle)];
    const thick = l * 0.09;
    const ctrl2 = [ctrl[0] + normal[0] * thick, ctrl[1] + normal[1] * thick + thick];
    leaves.push(`M${f(topX)},${f(topY)}Q${pt(ctrl)} ${pt(tip)}Q${pt(ctrl2)} ${f(topX)},${f(topY)}Z`);
  }
  s.add(`<g fill="${color}"><path d="${trunk}"/><path d="${leaves.join('')}"/><circle cx="${f(topX)}" cy="${f(topY + 3)}" r="${f(h * 0.03)}"/></g>`);
}

function camel(s, { x, y, scale = 1, color = '#2a1a18', flip = false, rider = false }) {
  const t = `translate(${f(x)} ${f(y)}) scale(${flip ? -scale : scale} ${scale})`;
  const riderShape = rider
    ? `<path d="M38,-72 L46,-98 L54,-72 Z"/><circle cx="46" cy="-104" r="6"/>`
    : '';
  s.add(
    `<g transform="${t}" fill="${color}" stroke="${color}">` +
      `<path d="M22,-42 L19,0 M32,-42 L35,0 M72,-42 L69,0 M80,-42 L84,0" stroke-width="4.5" stroke-linecap="round" fill="none"/>` +
      `<ellipse cx="50" cy="-48" rx="36" ry="13" stroke="none"/>` +
      `<ellipse cx="45" cy="-59" rx="21" ry="16" stroke="none"/>` +
      `<path d="M78,-50 Q96,-48 98,-72" stroke-width="9" stroke-linecap="round" fill="none"/>` +
      `<ellipse cx="104" cy="-73" rx="10" ry="5.5" stroke="none"/>` +
      `<path d="M15,-50 Q9,-44 11,-33" stroke-width="2.5" fill="none"/>` +
      riderShape +
      `</g>`,
  );
}

function jeep(s, { x, y, scale = 1, body = '#f4f1ea', tilt = 0, accent = '#c0392b' }) {
  const t = `translate(${f(x)} ${f(y)}) rotate(${tilt}) scale(${scale})`;
  s.add(
    `<g transform="${t}">` +
      `<path d="M-4,-18 L-2,-46 Q0,-50 6,-50 L34,-52 L54,-78 Q57,-82 64,-82 L124,-82 Q130,-82 132,-76 L140,-52 L168,-48 Q174,-47 174,-40 L174,-18 Z" fill="${body}"/>` +
      `<path d="M60,-76 L88,-76 L88,-55 L44,-55 Z M94,-76 L122,-76 L130,-55 L94,-55 Z" fill="#3a4a5c"/>` +
      `<rect x="-4" y="-34" width="178" height="6" fill="${accent}"/>` +
      `<path d="M62,-88 L128,-88" stroke="#333" stroke-width="4"/>` +
      `<circle cx="38" cy="-16" r="19" fill="#222"/><circle cx="38" cy="-16" r="8" fill="#999"/>` +
      `<circle cx="136" cy="-16" r="19" fill="#222"/><circle cx="136" cy="-16" r="8" fill="#999"/>` +
      `<rect x="166" y="-46" width="8" height="6" fill="#ffe9a8"/>` +
      `</g>`,
  );
}

function quadBike(s, { x, y, scale = 1, body = '#e8542f', tilt = 0 }) {
  const t = `translate(${f(x)} ${f(y)}) rotate(${tilt}) scale(${scale})`;
  s.add(
    `<g transform="${t}">` +
      `<circle cx="22" cy="-20" r="20" fill="#222"/><circle cx="22" cy="-20" r="7" fill="#777"/>` +
      `<circle cx="108" cy="-20" r="20" fill="#222"/><circle cx="108" cy="-20" r="7" fill="#777"/>` +
      `<path d="M0,-38 Q10,-52 30,-50 L60,-46 L84,-50 Q104,-54 126,-40 L118,-30 L10,-30 Z" fill="${body}"/>` +
      `<path d="M80,-50 L92,-72 M86,-72 L100,-72" stroke="#222" stroke-width="5" stroke-linecap="round"/>` +
      // rider
      `<path d="M52,-48 L46,-22 L58,-22 L62,-44 Z" fill="#2f3a4a"/>` +
      `<path d="M50,-50 Q54,-88 70,-92 L78,-70 Q70,-60 64,-48 Z" fill="#c9a227"/>` +
      `<path d="M72,-84 L92,-72" stroke="#c9a227" stroke-width="8" stroke-linecap="round"/>` +
      `<circle cx="70" cy="-104" r="13" fill="#222"/>` +
      `</g>`,
  );
}

/** Sand spray / dust cloud behind a vehicle. */
function dust(s, { x, y, width, color = '#e9c48f', opacity = 0.7 }) {
  const { rand } = s;
  const filter = s.blur(14);
  const parts = [];
  for (let i = 0; i < 9; i++) {
    parts.push(
      `<circle cx="${f(x - rand.range(0, width))}" cy="${f(y - rand.range(0, width * 0.35))}" r="${f(rand.range(width * 0.08, width * 0.2))}"/>`,
    );
  }
  s.add(`<g fill="${color}" opacity="${opacity}" filter="${filter}">${parts.join('')}</g>`);
}

function dhow(s, { x, y, scale = 1, hull = '#6b3f22', sail = '#f3e6c8', flip = false, sailShade = '#d9c79f' }) {
  const t = `translate(${f(x)} ${f(y)}) scale(${flip ? -scale : scale} ${scale})`;
  const sailFill = s.linear(
    [
      [0, sail],
      [1, sailShade],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 1 },
  );
  s.add(
    `<g transform="${t}">` +
      `<path d="M100,-32 L94,-196" stroke="#3b2616" stroke-width="5"/>` +
      `<path d="M24,-84 L190,-214" stroke="#3b2616" stroke-width="4"/>` +
      `<path d="M28,-86 L186,-211 Q150,-120 146,-40 Z" fill="${sailFill}"/>` +
      `<path d="M-14,-44 Q2,-6 40,0 L166,0 Q198,-6 226,-52 L196,-36 L14,-34 Z" fill="${hull}"/>` +
      `<path d="M2,-28 L206,-30" stroke="#c89b5e" stroke-width="4" opacity="0.8"/>` +
      `</g>`,
  );
}

/** A dinner-cruise dhow: long hull, covered upper deck, strings of lights. */
function cruiseDhow(s, { x, y, scale = 1 }) {
  const { rand } = s;
  const t = `translate(${f(x)} ${f(y)}) scale(${scale})`;
  const lights = [];
  for (let i = 0; i <= 26; i++) {
    const lx = 20 + i * 14;
    lights.push(`<circle cx="${lx}" cy="${f(-96 + Math.sin(i * 0.9) * 3)}" r="3.2" opacity="${f(rand.range(0.7, 1))}"/>`);
    if (i % 2 === 0) lights.push(`<rect x="${lx - 4}" y="-62" width="9" height="12" rx="2" opacity="0.9"/>`);
  }
  s.add(
    `<g transform="${t}">` +
      `<path d="M-20,-56 Q0,-8 40,0 L360,0 Q396,-10 420,-62 L390,-48 L0,-46 Z" fill="#4a2a18"/>` +
      `<rect x="14" y="-100" width="370" height="52" fill="#2c1a10"/>` +
      `<path d="M6,-104 L392,-104 L380,-118 L18,-118 Z" fill="#5d3820"/>` +
      `<path d="M30,-118 L30,-150 M370,-118 L370,-148 M200,-118 L200,-170" stroke="#3b2616" stroke-width="4"/>` +
      `<g fill="#ffd98a">${lights.join('')}</g>` +
      `<path d="M-10,-40 L408,-42" stroke="#c89b5e" stroke-width="3" opacity="0.7"/>` +
      `</g>`,
  );
  s.add(
    `<ellipse cx="${f(x + 200 * scale)}" cy="${f(y - 70 * scale)}" rx="${f(260 * scale)}" ry="${f(80 * scale)}" fill="${s.radial(
      [
        [0, '#ffc86b', 0.35],
        [1, '#ffc86b', 0],
      ],
      { cx: x + 200 * scale, cy: y - 70 * scale, r: 260 * scale },
    )}"/>`,
  );
}

function yacht(s, { x, y, scale = 1, flip = false, hull = '#fbfbfb', glass = '#24394f' }) {
  const t = `translate(${f(x)} ${f(y)}) scale(${flip ? -scale : scale} ${scale})`;
  s.add(
    `<g transform="${t}">` +
      `<path d="M0,-40 L230,-40 Q262,-42 280,-58 L266,-22 Q258,0 236,0 L30,0 Q10,0 0,-20 Z" fill="${hull}"/>` +
      `<path d="M8,-16 L262,-18" stroke="#1d5e8c" stroke-width="5"/>` +
      `<path d="M40,-40 L206,-40 L186,-70 L64,-70 Z" fill="${hull}"/>` +
      `<path d="M56,-50 L196,-50 L190,-60 L62,-60 Z" fill="${glass}"/>` +
      `<path d="M84,-70 L172,-70 L158,-94 L100,-94 Z" fill="${hull}"/>` +
      `<path d="M98,-76 L162,-76 L156,-88 L104,-88 Z" fill="${glass}"/>` +
      `<path d="M24,-30 L226,-30" stroke="${glass}" stroke-width="4" stroke-dasharray="14 8"/>` +
      `<path d="M130,-94 L130,-124 M118,-112 L142,-112" stroke="#8a96a3" stroke-width="3"/>` +
      `</g>`,
  );
}

function sailboat(s, { x, y, scale = 1, sail = '#ffffff', hull = '#f5f5f5' }) {
  const t = `translate(${f(x)} ${f(y)}) scale(${scale})`;
  s.add(
    `<g transform="${t}">` +
      `<path d="M60,-24 L60,-230" stroke="#8c8c8c" stroke-width="3"/>` +
      `<path d="M64,-220 Q110,-120 120,-34 L64,-34 Z" fill="${sail}"/>` +
      `<path d="M56,-200 Q30,-110 14,-34 L56,-34 Z" fill="${sail}" opacity="0.85"/>` +
      `<path d="M0,-26 L140,-26 Q134,0 110,0 L22,0 Q6,-6 0,-26 Z" fill="${hull}"/>` +
      `<path d="M6,-16 L134,-16" stroke="#2c3e50" stroke-width="3"/>` +
      `</g>`,
  );
}

/** A stepped, tapering supertall tower with a spire. */
function burj(s, { cx, baseY, height, width, fill, windowFill }) {
  const tiers = 10;
  const bodyHeight = height * 0.78;
  const tierH = bodyHeight / tiers;
  const left = [];
  const right = [];
  for (let i = 0; i < tiers; i++) {
    const wl = width * (1 - (i / tiers) * 0.86) * (i % 3 === 1 ? 0.94 : 1);
    const wr = width * (1 - ((i + 0.5) / tiers) * 0.86);
    const yBottom = baseY - tierH * i;
    const yTop = baseY - tierH * (i + 1);
    left.push([cx - wl / 2, yBottom], [cx - wl / 2, yTop]);
    right.push([cx + wr / 2, yBottom], [cx + wr / 2, yTop]);
  }
  const topY = baseY - bodyHeight;
  const points = [...left, [cx - 4, topY], [cx - 1.5, baseY - height], [cx + 1.5, baseY - height], [cx + 4, topY], ...right.reverse()];
  const d = `M${points.map(pt).join('L')}Z`;
  s.add(`<path d="${d}" fill="${fill}"/>`);
  if (windowFill) s.add(`<path d="${d}" fill="${windowFill}"/>`);
}

/** The sail-shaped hotel on its island. */
function sailHotel(s, { x, baseY, height, fill = '#eef2f6', shade = '#c7d3de' }) {
  const w = height * 0.42;
  s.add(
    `<path d="M${f(x)},${f(baseY)} L${f(x)},${f(baseY - height * 1.05)} Q${f(x + w * 1.25)},${f(baseY - height * 0.62)} ${f(x + w)},${f(baseY)} Z" fill="${fill}"/>`,
    `<path d="M${f(x)},${f(baseY)} L${f(x)},${f(baseY - height * 1.05)} Q${f(x + w * 0.45)},${f(baseY - height * 0.6)} ${f(x + w * 0.3)},${f(baseY)} Z" fill="${shade}"/>`,
    `<path d="M${f(x - 4)},${f(baseY)} L${f(x - 4)},${f(baseY - height * 1.12)}" stroke="${shade}" stroke-width="5"/>`,
    `<rect x="${f(x - w * 0.3)}" y="${f(baseY - 6)}" width="${f(w * 1.6)}" height="10" fill="${shade}"/>`,
  );
}

/** Random row of towers, tallest in the middle third. Returns the SVG so it can also be reflected. */
function skyline(s, { baseY, x0 = -20, x1 = W + 20, minH, maxH, fill, windows, windowOpacity = 0.5, gap = 6 }) {
  const { rand } = s;
  const parts = [];
  const windowParts = [];
  let x = x0;
  while (x < x1) {
    const w = rand.range(38, 96);
    const centre = 1 - Math.abs((x - W / 2) / (W / 2));
    const h = minH + (maxH - minH) * Math.min(1, rand() * 0.75 + centre * 0.4);
    const top = baseY - h;
    const kind = rand();
    if (kind < 0.15) {
      // slanted roof
      parts.push(`M${f(x)},${f(baseY)}L${f(x)},${f(top + 20)}L${f(x + w)},${f(top)}L${f(x + w)},${f(baseY)}Z`);
    } else if (kind < 0.3) {
      // rounded top
      parts.push(`M${f(x)},${f(baseY)}L${f(x)},${f(top + w / 2)}A${f(w / 2)},${f(w / 2)} 0 0 1 ${f(x + w)},${f(top + w / 2)}L${f(x + w)},${f(baseY)}Z`);
    } else if (kind < 0.45) {
      // setback with antenna
      parts.push(
        `M${f(x)},${f(baseY)}L${f(x)},${f(top + 30)}L${f(x + w * 0.2)},${f(top + 30)}L${f(x + w * 0.2)},${f(top)}L${f(x + w * 0.8)},${f(top)}L${f(x + w * 0.8)},${f(top + 30)}L${f(x + w)},${f(top + 30)}L${f(x + w)},${f(baseY)}Z`,
        `M${f(x + w * 0.5 - 1.5)},${f(top)}L${f(x + w * 0.5 - 1.5)},${f(top - 40)}L${f(x + w * 0.5 + 1.5)},${f(top - 40)}L${f(x + w * 0.5 + 1.5)},${f(top)}Z`,
      );
    } else {
      parts.push(`M${f(x)},${f(baseY)}L${f(x)},${f(top)}L${f(x + w)},${f(top)}L${f(x + w)},${f(baseY)}Z`);
    }
    if (windows) windowParts.push(`M${f(x + 6)},${f(top + 34)}L${f(x + w - 6)},${f(top + 34)}L${f(x + w - 6)},${f(baseY)}L${f(x + 6)},${f(baseY)}Z`);
    x += w + rand.range(0, gap);
  }
  let svg = `<path d="${parts.join('')}" fill="${fill}"/>`;
  if (windows) svg += `<path d="${windowParts.join('')}" fill="${windows}" opacity="${windowOpacity}"/>`;
  return svg;
}

function windowPattern(s, { color, w = 14, h = 18, lit = 0.5, cell = [18, 26] }) {
  const { rand } = s;
  const cols = 8;
  const rows = 8;
  const parts = [];
  for (let i = 0; i < cols; i++) {
    for (let j = 0; j < rows; j++) {
      if (rand() < lit) parts.push(`<rect x="${i * cell[0] + 3}" y="${j * cell[1] + 4}" width="${w - 6}" height="${h - 8}" fill="${color}" opacity="${f(rand.range(0.5, 1))}"/>`);
    }
  }
  return s.pattern(cols * cell[0], rows * cell[1], parts.join(''));
}

function dome(s, { cx, baseY, r, fill, shade, finial = '#d4af37' }) {
  const drumH = r * 0.32;
  const by = baseY - drumH;
  const domeFill = s.radial(
    [
      [0, fill],
      [0.7, fill],
      [1, shade],
    ],
    { cx: cx - r * 0.35, cy: by - r * 0.9, r: r * 1.5 },
  );
  s.add(
    `<rect x="${f(cx - r * 0.86)}" y="${f(by - 1)}" width="${f(r * 1.72)}" height="${f(drumH + 1)}" fill="${shade}"/>`,
    `<path d="M${f(cx - r)},${f(by)}Q${f(cx - r * 1.08)},${f(by - r * 1.1)} ${f(cx)},${f(by - r * 1.42)}Q${f(cx + r * 1.08)},${f(by - r * 1.1)} ${f(cx + r)},${f(by)}Z" fill="${domeFill}"/>`,
    `<path d="M${f(cx)},${f(by - r * 1.42)}L${f(cx)},${f(by - r * 1.42 - r * 0.35)}" stroke="${finial}" stroke-width="${f(Math.max(2, r * 0.05))}"/>`,
    `<circle cx="${f(cx)}" cy="${f(by - r * 1.42 - r * 0.4)}" r="${f(Math.max(2.5, r * 0.07))}" fill="${finial}"/>`,
  );
}

function minaret(s, { x, baseY, height, width, fill, shade, finial = '#d4af37' }) {
  const top = baseY - height;
  const shaft = s.linear(
    [
      [0, fill],
      [0.6, fill],
      [1, shade],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 0 },
  );
  s.add(
    `<path d="M${f(x - width / 2)},${f(baseY)}L${f(x - width * 0.4)},${f(top)}L${f(x + width * 0.4)},${f(top)}L${f(x + width / 2)},${f(baseY)}Z" fill="${shaft}"/>`,
    `<rect x="${f(x - width * 0.75)}" y="${f(baseY - height * 0.55)}" width="${f(width * 1.5)}" height="${f(width * 0.35)}" fill="${shade}"/>`,
    `<rect x="${f(x - width * 0.7)}" y="${f(baseY - height * 0.82)}" width="${f(width * 1.4)}" height="${f(width * 0.32)}" fill="${shade}"/>`,
    `<rect x="${f(x - width * 0.45)}" y="${f(top - width * 0.7)}" width="${f(width * 0.9)}" height="${f(width * 0.7)}" fill="${fill}"/>`,
  );
  dome(s, { cx: x, baseY: top - width * 0.6, r: width * 0.5, fill, shade, finial });
}

/** Row of pointed arches cut into a band (drawn as dark shapes). */
function arches(s, { x0, x1, baseY, height, count, fill, opacity = 1 }) {
  const w = (x1 - x0) / count;
  const parts = [];
  for (let i = 0; i < count; i++) {
    const ax = x0 + i * w + w * 0.18;
    const aw = w * 0.64;
    const spring = baseY - height * 0.62;
    parts.push(
      `M${f(ax)},${f(baseY)}L${f(ax)},${f(spring)}Q${f(ax)},${f(baseY - height * 0.95)} ${f(ax + aw / 2)},${f(baseY - height)}Q${f(ax + aw)},${f(baseY - height * 0.95)} ${f(ax + aw)},${f(spring)}L${f(ax + aw)},${f(baseY)}Z`,
    );
  }
  s.add(`<path d="${parts.join('')}" fill="${fill}" opacity="${opacity}"/>`);
}

function crenellations(x0, x1, y, size) {
  const parts = [];
  for (let x = x0; x < x1 - size * 0.5; x += size * 1.6) {
    parts.push(`M${f(x)},${f(y)}L${f(x)},${f(y - size * 0.6)}L${f(x + size * 0.5)},${f(y - size * 1.1)}L${f(x + size)},${f(y - size * 0.6)}L${f(x + size)},${f(y)}Z`);
  }
  return parts.join('');
}

function balloon(s, { cx, cy, r, colors, basket = '#5b3a1e' }) {
  const env = `M${f(cx)},${f(cy + r * 1.25)}C${f(cx - r * 0.45)},${f(cy + r * 0.9)} ${f(cx - r)},${f(cy + r * 0.35)} ${f(cx - r)},${f(cy - r * 0.2)}A${f(r)},${f(r)} 0 0 1 ${f(cx + r)},${f(cy - r * 0.2)}C${f(cx + r)},${f(cy + r * 0.35)} ${f(cx + r * 0.45)},${f(cy + r * 0.9)} ${f(cx)},${f(cy + r * 1.25)}Z`;
  const clip = s.clip(`<path d="${env}"/>`);
  const stripes = [];
  const n = 8;
  for (let i = 0; i < n; i++) {
    const x = cx - r + (i * 2 * r) / n;
    stripes.push(`<rect x="${f(x)}" y="${f(cy - r * 1.3)}" width="${f((2 * r) / n + 1)}" height="${f(r * 2.7)}" fill="${colors[i % colors.length]}"/>`);
  }
  const shading = s.radial(
    [
      [0, '#ffffff', 0.35],
      [0.5, '#ffffff', 0],
      [1, '#000000', 0.35],
    ],
    { cx: cx - r * 0.35, cy: cy - r * 0.5, r: r * 1.9 },
  );
  s.add(
    `<g clip-path="${clip}">${stripes.join('')}<rect x="${f(cx - r)}" y="${f(cy - r * 1.3)}" width="${f(r * 2)}" height="${f(r * 2.7)}" fill="${shading}"/></g>`,
    `<path d="M${f(cx - r * 0.14)},${f(cy + r * 1.2)}L${f(cx - r * 0.12)},${f(cy + r * 1.48)}M${f(cx + r * 0.14)},${f(cy + r * 1.2)}L${f(cx + r * 0.12)},${f(cy + r * 1.48)}" stroke="#3a2a1a" stroke-width="${f(Math.max(1, r * 0.02))}"/>`,
    `<rect x="${f(cx - r * 0.14)}" y="${f(cy + r * 1.46)}" width="${f(r * 0.28)}" height="${f(r * 0.2)}" rx="${f(r * 0.03)}" fill="${basket}"/>`,
  );
}

function fish(s, { x, y, size, color, flip = false, opacity = 1 }) {
  const t = `translate(${f(x)} ${f(y)}) scale(${flip ? -size : size} ${size})`;
  return `<g transform="${t}" opacity="${opacity}"><path d="M-1,0 Q-0.4,-0.55 0.5,-0.1 L0.95,-0.4 L0.85,0 L0.95,0.4 L0.5,0.1 Q-0.4,0.55 -1,0 Z" fill="${color}"/><circle cx="-0.62" cy="-0.08" r="0.07" fill="#111"/></g>`;
}

function coral(s, { x, y, size, color }) {
  const { rand } = s;
  const branches = [];
  const grow = (bx, by, angle, len, depth) => {
    const ex = bx + Math.cos(angle) * len;
    const ey = by + Math.sin(angle) * len;
    branches.push(`M${f(bx)},${f(by)}L${f(ex)},${f(ey)}`);
    if (depth > 0) {
      grow(ex, ey, angle - rand.range(0.25, 0.6), len * rand.range(0.62, 0.8), depth - 1);
      grow(ex, ey, angle + rand.range(0.25, 0.6), len * rand.range(0.62, 0.8), depth - 1);
    }
  };
  grow(x, y, -Math.PI / 2 + rand.range(-0.15, 0.15), size * 0.45, 4);
  s.add(`<path d="${branches.join('')}" stroke="${color}" stroke-width="${f(size * 0.07)}" stroke-linecap="round" fill="none"/>`);
}

function kayak(s, { x, y, scale = 1, color = '#f0a030', person = '#1c2833', vest = '#e74c3c', flip = false }) {
  const t = `translate(${f(x)} ${f(y)}) scale(${flip ? -scale : scale} ${scale})`;
  s.add(
    `<g transform="${t}">` +
      `<path d="M-90,-4 Q0,-18 90,-4 Q0,10 -90,-4 Z" fill="${color}"/>` +
      `<path d="M-8,-12 L-6,-44 L12,-44 L10,-12 Z" fill="${vest}"/>` +
      `<circle cx="3" cy="-54" r="9" fill="${person}"/>` +
      `<path d="M-50,10 L58,-70" stroke="${person}" stroke-width="3.5"/>` +
      `<path d="M-56,14 l10,-10 l4,6 Z M52,-66 l10,-10 l4,6 Z" fill="${person}"/>` +
      `</g>`,
  );
}

function mangroveClump(s, { x, y, width, height, leaf, trunk }) {
  const { rand } = s;
  const roots = [];
  for (let i = 0; i < 7; i++) {
    const rx = x - width * 0.4 + (i / 6) * width * 0.8;
    const top = y - height * 0.32;
    roots.push(`M${f(x + rand.range(-width * 0.1, width * 0.1))},${f(top)}Q${f((rx + x) / 2)},${f(top - 10)} ${f(rx)},${f(y + 4)}`);
  }
  const puffs = [];
  for (let i = 0; i < 9; i++) {
    puffs.push(
      `<ellipse cx="${f(x + rand.range(-width / 2, width / 2))}" cy="${f(y - height * rand.range(0.45, 0.85))}" rx="${f(width * rand.range(0.18, 0.3))}" ry="${f(height * rand.range(0.16, 0.28))}"/>`,
    );
  }
  return `<path d="${roots.join('')}" stroke="${trunk}" stroke-width="4" fill="none"/><g fill="${leaf}">${puffs.join('')}</g>`;
}

function dolphin(s, { x, y, scale = 1, angle = 0, color = '#5d7487', belly = '#c8d6e0' }) {
  const t = `translate(${f(x)} ${f(y)}) rotate(${angle}) scale(${scale})`;
  s.add(
    `<g transform="${t}">` +
      `<path d="M-110,10 Q-60,-40 10,-36 Q60,-32 96,-6 L120,-4 L98,4 Q60,10 0,12 Q-60,18 -110,10 Z" fill="${color}"/>` +
      `<path d="M-100,10 Q-40,2 20,6 Q60,4 96,2 Q60,10 0,12 Q-60,18 -100,10 Z" fill="${belly}"/>` +
      `<path d="M-6,-34 Q-10,-62 -30,-70 Q-22,-50 -26,-30 Z" fill="${color}"/>` +
      `<path d="M-110,10 L-140,-14 Q-126,4 -134,24 Z" fill="${color}"/>` +
      `<path d="M20,6 Q26,24 10,34 Q12,20 4,8 Z" fill="${color}"/>` +
      `<circle cx="78" cy="-12" r="3" fill="#1a1a1a"/>` +
      `</g>`,
  );
}

function splash(s, { x, y, width, color = '#ffffff' }) {
  const { rand } = s;
  const parts = [];
  for (let i = 0; i < 14; i++) {
    parts.push(`<circle cx="${f(x + rand.range(-width / 2, width / 2))}" cy="${f(y - rand.range(0, width * 0.25))}" r="${f(rand.range(2, 7))}"/>`);
  }
  s.add(`<g fill="${color}" opacity="0.85">${parts.join('')}<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(width * 0.6)}" ry="${f(width * 0.06)}"/></g>`);
}

function person(x, y, h, color, { arms = 'down' } = {}) {
  const head = h * 0.14;
  const armPath =
    arms === 'up'
      ? `M${f(x)},${f(y - h * 0.7)}L${f(x - h * 0.2)},${f(y - h * 1.02)}M${f(x)},${f(y - h * 0.7)}L${f(x + h * 0.2)},${f(y - h * 1.02)}`
      : `M${f(x - h * 0.14)},${f(y - h * 0.72)}L${f(x - h * 0.17)},${f(y - h * 0.38)}M${f(x + h * 0.14)},${f(y - h * 0.72)}L${f(x + h * 0.17)},${f(y - h * 0.38)}`;
  return (
    `<g fill="${color}" stroke="${color}" stroke-linecap="round">` +
    `<circle cx="${f(x)}" cy="${f(y - h + head)}" r="${f(head)}" stroke="none"/>` +
    `<path d="M${f(x - h * 0.14)},${f(y - h * 0.76)}L${f(x + h * 0.14)},${f(y - h * 0.76)}L${f(x + h * 0.11)},${f(y - h * 0.4)}L${f(x - h * 0.11)},${f(y - h * 0.4)}Z" stroke="none"/>` +
    `<path d="M${f(x - h * 0.07)},${f(y - h * 0.42)}L${f(x - h * 0.08)},${f(y)}M${f(x + h * 0.07)},${f(y - h * 0.42)}L${f(x + h * 0.08)},${f(y)}${armPath}" stroke-width="${f(h * 0.08)}" fill="none"/>` +
    `</g>`
  );
}

function lantern(s, { x, y, size, glass, glow }) {
  const halo = s.radial(
    [
      [0, glow, 0.55],
      [1, glow, 0],
    ],
    { cx: x, cy: y, r: size * 2.6 },
  );
  s.add(
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(size * 2.6)}" fill="${halo}"/>`,
    `<path d="M${f(x)},0L${f(x)},${f(y - size * 1.1)}" stroke="#2a1a10" stroke-width="2"/>`,
    `<path d="M${f(x - size * 0.25)},${f(y - size * 1.1)}L${f(x + size * 0.25)},${f(y - size * 1.1)}L${f(x + size * 0.45)},${f(y - size * 0.8)}L${f(x - size * 0.45)},${f(y - size * 0.8)}Z" fill="#8a6a2a"/>`,
    `<path d="M${f(x - size * 0.45)},${f(y - size * 0.8)}Q${f(x - size * 0.8)},${f(y)} ${f(x - size * 0.3)},${f(y + size * 0.8)}L${f(x + size * 0.3)},${f(y + size * 0.8)}Q${f(x + size * 0.8)},${f(y)} ${f(x + size * 0.45)},${f(y - size * 0.8)}Z" fill="${glass}"/>`,
    `<path d="M${f(x)},${f(y - size * 0.8)}L${f(x)},${f(y + size * 0.8)}M${f(x - size * 0.55)},${f(y)}L${f(x + size * 0.55)},${f(y)}" stroke="#8a6a2a" stroke-width="2" opacity="0.8"/>`,
    `<path d="M${f(x - size * 0.3)},${f(y + size * 0.8)}L${f(x + size * 0.3)},${f(y + size * 0.8)}L${f(x)},${f(y + size * 1.25)}Z" fill="#8a6a2a"/>`,
  );
}

function pineTree(x, y, h, fill, snow) {
  const w = h * 0.42;
  let d = '';
  let sd = '';
  for (let i = 0; i < 3; i++) {
    const ty = y - h * 0.25 - i * h * 0.24;
    const tw = w * (1 - i * 0.25);
    d += `M${f(x)},${f(ty - h * 0.35)}L${f(x + tw / 2)},${f(ty)}L${f(x - tw / 2)},${f(ty)}Z`;
    sd += `M${f(x)},${f(ty - h * 0.35)}L${f(x + tw * 0.2)},${f(ty - h * 0.2)}L${f(x - tw * 0.2)},${f(ty - h * 0.2)}Z`;
  }
  return `<rect x="${f(x - h * 0.03)}" y="${f(y - h * 0.26)}" width="${f(h * 0.06)}" height="${f(h * 0.26)}" fill="#4a3526"/><path d="${d}" fill="${fill}"/><path d="${sd}" fill="${snow}"/>`;
}

// ---------------------------------------------------------------------------
// Scenes
// ---------------------------------------------------------------------------

function duneLayers(s, layers) {
  for (const layer of layers) {
    const points = rollingRidge(s.rand, layer);
    s.add(`<path d="${area(points)}" fill="${s.linear(layer.colors)}"/>`);
    if (layer.crest) {
      s.add(`<path d="${smoothLine(points)}" fill="none" stroke="${layer.crest}" stroke-width="3" opacity="0.55"/>`);
    }
  }
}

const scenes = {
  'desert-sunset'(s) {
    sky(s, [
      [0, '#2b1e4f'],
      [0.35, '#8a3b6b'],
      [0.62, '#f0795a'],
      [0.8, '#ffc07a'],
    ]);
    sun(s, { cx: 1060, cy: 560, r: 70, core: '#fff1c9', glow: '#ffb867', glowRadius: 520 });
    clouds(s, { count: 6, yMin: 180, yMax: 420, color: '#f6a58a', opacity: 0.45, blur: 14 });
    duneLayers(s, [
      { y: 640, amp: 40, colors: [[0, '#d77a55'], [1, '#b25a45']] },
      { y: 700, amp: 60, colors: [[0, '#c9683f'], [1, '#97452f']], crest: '#ffb98a' },
      { y: 790, amp: 70, colors: [[0, '#a54b2c'], [1, '#6e2d20']], crest: '#f59a6a' },
      { y: 900, amp: 60, colors: [[0, '#6e2c1d'], [1, '#3f1813']] },
    ]);
    const camels = [
      [470, 706, 0.95],
      [600, 700, 1],
      [730, 698, 0.9],
    ];
    camels.forEach(([x, y, sc], i) => camel(s, { x, y, scale: sc, color: '#2a1417', rider: i === 1 }));
    birds(s, { count: 5, x: 420, y: 320, spread: 120, color: '#3a1f2e' });
  },

  'desert-camp-night'(s) {
    sky(s, [
      [0, '#070b24'],
      [0.55, '#1d2457'],
      [0.85, '#4b3a6e'],
    ]);
    stars(s, 260, 620);
    sun(s, { cx: 1270, cy: 190, r: 42, core: '#fdf4d8', glow: '#c9d2ff', glowRadius: 220, glowOpacity: 0.4 });
    duneLayers(s, [
      { y: 660, amp: 50, colors: [[0, '#3a2c4a'], [1, '#2a2038']] },
      { y: 760, amp: 40, colors: [[0, '#4c3340'], [1, '#2a1b26']] },
    ]);
    // camp glow
    s.add(`<ellipse cx="800" cy="760" rx="620" ry="150" fill="${s.radial([[0, '#ffb54a', 0.6], [1, '#ffb54a', 0]], { cx: 800, cy: 760, r: 620 })}"/>`);
    // tents
    const tent = (x, w, h) =>
      `<path d="M${x},780 L${x},${780 - h * 0.55} L${x + w / 2},${780 - h} L${x + w},${780 - h * 0.55} L${x + w},780 Z" fill="#6b3b24"/><path d="M${x + w * 0.1},780 L${x + w * 0.1},${780 - h * 0.45} L${x + w * 0.9},${780 - h * 0.45} L${x + w * 0.9},780 Z" fill="#ffcf7a" opacity="0.9"/><path d="M${x + w * 0.1},${780 - h * 0.45} L${x + w * 0.9},${780 - h * 0.45}" stroke="#3a1e12" stroke-width="6"/>`;
    s.add(tent(380, 260, 150), tent(700, 320, 180), tent(1080, 240, 140));
    // string lights
    const bulbs = [];
    for (let i = 0; i <= 40; i++) {
      const x = 360 + i * 24;
      const y = 610 + Math.sin((i / 40) * Math.PI * 3) * 14 + ((i % 14) - 7) ** 2 * 0.6;
      bulbs.push(`<circle cx="${x}" cy="${f(y)}" r="3.5"/>`);
    }
    s.add(`<g fill="#ffe29a">${bulbs.join('')}</g>`);
    s.add(`<rect x="0" y="780" width="${W}" height="220" fill="${s.linear([[0, '#7a4a2c'], [1, '#2a1712']])}"/>`);
    // carpets and fire
    s.add(`<path d="M560,860 L1040,860 L1100,940 L500,940 Z" fill="#8c1c1c" opacity="0.85"/>`);
    s.add(`<path d="M600,872 L1000,872 L1048,928 L552,928 Z" fill="none" stroke="#e0a030" stroke-width="4" opacity="0.8"/>`);
    s.add(`<circle cx="800" cy="830" r="120" fill="${s.radial([[0, '#ffd36b', 0.9], [1, '#ff7b2a', 0]], { cx: 800, cy: 830, r: 120 })}"/>`);
    s.add(`<path d="M770,846 Q760,800 790,770 Q786,800 804,806 Q800,780 822,756 Q832,800 830,846 Z" fill="#ffb43a"/><path d="M786,846 Q782,816 800,800 Q806,824 816,846 Z" fill="#fff0a0"/>`);
    s.add(`<path d="M750,850 L850,842 M752,842 L848,852" stroke="#3a1e12" stroke-width="8" stroke-linecap="round"/>`);
    camel(s, { x: 180, y: 790, scale: 0.9, color: '#1a1020' });
    camel(s, { x: 1440, y: 792, scale: 0.85, color: '#1a1020', flip: true });
  },

  'safari-jeep'(s) {
    sky(s, [
      [0, '#6fb3e8'],
      [0.6, '#c9e3f2'],
      [0.75, '#f5e1c0'],
    ]);
    sun(s, { cx: 260, cy: 160, r: 50, core: '#fffbe8', glow: '#fff2c4', glowRadius: 360, glowOpacity: 0.7 });
    clouds(s, { count: 5, yMin: 120, yMax: 320, opacity: 0.6 });
    duneLayers(s, [
      { y: 560, amp: 40, colors: [[0, '#e8b77d'], [1, '#d9a267']] },
      { y: 640, amp: 70, colors: [[0, '#e6a564'], [1, '#c98448']], crest: '#ffe0b0' },
      { y: 780, amp: 110, waves: [1.2, 2.6, 5], colors: [[0, '#d98f4c'], [1, '#a96230']], crest: '#ffd39a' },
    ]);
    dust(s, { x: 760, y: 700, width: 380, color: '#f1cf9c', opacity: 0.8 });
    jeep(s, { x: 740, y: 745, scale: 1.55, tilt: -9, body: '#f6f3ec' });
    jeep(s, { x: 260, y: 620, scale: 0.7, tilt: 4, body: '#e8e2d4', accent: '#2471a3' });
    s.add(`<path d="${area(rollingRidge(s.rand, { y: 930, amp: 40 }))}" fill="${s.linear([[0, '#b86b34'], [1, '#8a4a22']])}"/>`);
  },

  'quad-bike'(s) {
    sky(s, [
      [0, '#4f9fd9'],
      [0.7, '#bfe0f2'],
    ]);
    clouds(s, { count: 6, yMin: 100, yMax: 300, opacity: 0.7 });
    duneLayers(s, [
      { y: 520, amp: 50, colors: [[0, '#f0c38c'], [1, '#e2ad72']] },
      { y: 620, amp: 80, colors: [[0, '#eeb06b'], [1, '#d2904d']], crest: '#fff0cc' },
    ]);
    const ridge = rollingRidge(s.rand, { y: 790, amp: 120, waves: [0.9, 2.2, 4.6] });
    s.add(`<path d="${area(ridge)}" fill="${s.linear([[0, '#e39d57'], [1, '#a85f2c']])}"/>`);
    s.add(`<path d="${smoothLine(ridge)}" fill="none" stroke="#ffe2b5" stroke-width="4" opacity="0.6"/>`);
    dust(s, { x: 720, y: 760, width: 320, color: '#f7d5a3', opacity: 0.85 });
    quadBike(s, { x: 720, y: 800, scale: 1.9, tilt: -8 });
    dust(s, { x: 1160, y: 700, width: 200, color: '#f7d5a3', opacity: 0.7 });
    quadBike(s, { x: 1160, y: 730, scale: 1.1, tilt: 6, body: '#2e86c1' });
  },

  'camel-caravan'(s) {
    sky(s, [
      [0, '#f7d9a6'],
      [0.55, '#fbe7c4'],
      [0.7, '#fff3dc'],
    ]);
    sun(s, { cx: 1250, cy: 300, r: 60, core: '#fffdf2', glow: '#ffe3a3', glowRadius: 420 });
    duneLayers(s, [
      { y: 600, amp: 30, colors: [[0, '#efcf9c'], [1, '#e6be84']] },
      { y: 700, amp: 60, waves: [0.8, 2.1, 4], colors: [[0, '#e8b26e'], [1, '#d39752']], crest: '#fff1d2' },
    ]);
    const crestY = 700 - 20;
    for (let i = 0; i < 6; i++) {
      camel(s, { x: 230 + i * 170, y: crestY + Math.sin(i * 0.8) * 16, scale: 1.05 - i * 0.04, color: '#3b2418', rider: i % 2 === 0 });
    }
    s.add(`<path d="M200,${crestY - 52} L1180,${crestY - 52}" stroke="#3b2418" stroke-width="1.5" opacity="0.5"/>`);
    duneLayers(s, [{ y: 880, amp: 70, colors: [[0, '#d58f47'], [1, '#9a5a2a']], crest: '#ffd9a0' }]);
  },

  'hot-air-balloon'(s) {
    sky(s, [
      [0, '#5b7fb8'],
      [0.45, '#d79ab0'],
      [0.75, '#ffd2a1'],
    ]);
    sun(s, { cx: 300, cy: 720, r: 60, core: '#fff4d4', glow: '#ffc98a', glowRadius: 500 });
    clouds(s, { count: 5, yMin: 420, yMax: 620, color: '#ffe4d0', opacity: 0.5 });
    balloon(s, { cx: 1120, cy: 300, r: 120, colors: ['#e74c3c', '#f5b041', '#f4f6f7', '#2e86c1'] });
    balloon(s, { cx: 640, cy: 430, r: 70, colors: ['#8e44ad', '#f4d03f'] });
    balloon(s, { cx: 400, cy: 260, r: 45, colors: ['#16a085', '#f0f3f4'] });
    balloon(s, { cx: 1450, cy: 520, r: 35, colors: ['#d35400', '#fdebd0'] });
    duneLayers(s, [
      { y: 760, amp: 40, colors: [[0, '#d99a84'], [1, '#c4806e']] },
      { y: 840, amp: 60, colors: [[0, '#c77b5b'], [1, '#8f4e3a']], crest: '#ffc8a0' },
      { y: 950, amp: 40, colors: [[0, '#8a4634'], [1, '#5a2a20']] },
    ]);
  },

  'city-skyline'(s) {
    sky(s, [
      [0, '#3e6db5'],
      [0.5, '#9fb8dc'],
      [0.78, '#f6c9a0'],
    ]);
    sun(s, { cx: 1280, cy: 560, r: 46, core: '#fff4d8', glow: '#ffc48a', glowRadius: 380, glowOpacity: 0.6 });
    clouds(s, { count: 4, yMin: 120, yMax: 300, opacity: 0.5, color: '#fbe9e0' });
    const back = skyline(s, { baseY: 720, minH: 120, maxH: 300, fill: '#8aa1c4' });
    s.add(back);
    const win = windowPattern(s, { color: '#dfe9f5', lit: 0.6 });
    burj(s, { cx: 760, baseY: 720, height: 640, width: 130, fill: s.linear([[0, '#cbd7e6'], [1, '#6d84a6']], { x1: 0, y1: 0, x2: 1, y2: 0 }) });
    const front = skyline(s, { baseY: 740, minH: 60, maxH: 220, fill: '#4a5f82', windows: win, windowOpacity: 0.35 });
    s.add(front);
    water(s, { y: 740, colors: [[0, '#5f80a8'], [1, '#233a5c']], shimmer: '#ffe2bf', shimmerOpacity: 0.35, lines: 70 });
    reflection(s, 740, front, { opacity: 0.25, blur: 4 });
  },

  'marina-night'(s) {
    sky(s, [
      [0, '#060a1f'],
      [0.6, '#1b2650'],
      [0.8, '#3c3468'],
    ]);
    stars(s, 90, 360);
    const far = skyline(s, { baseY: 690, minH: 180, maxH: 420, fill: '#1d2444', windows: windowPattern(s, { color: '#ffd98a', lit: 0.35 }), windowOpacity: 0.7 });
    s.add(far);
    const near = skyline(s, { baseY: 700, minH: 80, maxH: 300, fill: '#121731', windows: windowPattern(s, { color: '#ffe7b0', lit: 0.45 }), windowOpacity: 0.85 });
    s.add(near);
    water(s, { y: 700, colors: [[0, '#1b2147'], [1, '#05081a']], shimmer: '#ffd98a', shimmerOpacity: 0.45, lines: 120 });
    reflection(s, 700, far + near, { opacity: 0.35, blur: 5 });
    yacht(s, { x: 220, y: 820, scale: 1.2, hull: '#e6e9ef', glass: '#ffd98a' });
    yacht(s, { x: 1080, y: 780, scale: 0.8, flip: true, hull: '#d7dbe3', glass: '#ffe7b0' });
    s.add(`<rect x="0" y="900" width="${W}" height="100" fill="#0b0d1a"/><path d="M0,900 L${W},900" stroke="#ffd98a" stroke-width="3" stroke-dasharray="2 38" opacity="0.9"/>`);
  },

  'dhow-cruise-night'(s) {
    sky(s, [
      [0, '#0b1233'],
      [0.55, '#2a2d62'],
      [0.75, '#6d4a78'],
    ]);
    stars(s, 80, 300);
    const city = skyline(s, { baseY: 560, minH: 60, maxH: 260, fill: '#1a1d3d', windows: windowPattern(s, { color: '#ffd27a', lit: 0.3 }), windowOpacity: 0.8 });
    s.add(city);
    water(s, { y: 560, colors: [[0, '#2a2d5c'], [1, '#070a20']], shimmer: '#ffcf7a', shimmerOpacity: 0.5, lines: 110 });
    reflection(s, 560, city, { opacity: 0.3, blur: 5 });
    cruiseDhow(s, { x: 330, y: 820, scale: 2.2 });
    s.add(`<path d="M240,830 Q700,860 1300,836" stroke="#ffcf7a" stroke-width="3" opacity="0.35" fill="none"/>`);
  },

  'yacht-marina'(s) {
    sky(s, [
      [0, '#3f8ed6'],
      [0.7, '#bde0f5'],
    ]);
    clouds(s, { count: 5, yMin: 80, yMax: 260, opacity: 0.8 });
    const towers = skyline(s, { baseY: 600, minH: 160, maxH: 430, fill: '#a9bdd3', windows: windowPattern(s, { color: '#6d8aa8', lit: 0.8 }), windowOpacity: 0.5 });
    s.add(towers);
    s.add(`<rect x="0" y="590" width="${W}" height="24" fill="#d9cdb4"/>`);
    water(s, { y: 612, colors: [[0, '#2f8fb8'], [1, '#0f4f78']], lines: 90, shimmerOpacity: 0.4 });
    sailboat(s, { x: 120, y: 690, scale: 1 });
    sailboat(s, { x: 1380, y: 680, scale: 0.9 });
    yacht(s, { x: 300, y: 780, scale: 1.8 });
    yacht(s, { x: 1000, y: 700, scale: 1.1, flip: true });
    s.add(`<rect x="0" y="900" width="${W}" height="100" fill="#c9b994"/><path d="M0,900 L${W},900" stroke="#8c7a58" stroke-width="6"/>`);
    for (let x = 40; x < W; x += 160) s.add(`<rect x="${x}" y="880" width="10" height="40" fill="#5a4a3a"/>`);
  },

  'sea-dhow'(s) {
    sky(s, [
      [0, '#2f7fd0'],
      [0.65, '#a7d5f2'],
    ]);
    clouds(s, { count: 6, yMin: 90, yMax: 320, opacity: 0.85 });
    s.add(`<path d="${area(jaggedRidge(s.rand, { y: 560, amp: 90, depth: 6 }), { smooth: false })}" fill="#8aa2b8" opacity="0.8"/>`);
    water(s, { y: 560, colors: [[0, '#2a9fc0'], [0.5, '#137ba3'], [1, '#0a4b72']], lines: 120, shimmerOpacity: 0.45 });
    dhow(s, { x: 560, y: 780, scale: 1.9 });
    s.add(`<path d="M500,784 Q900,800 1040,780" stroke="#ffffff" stroke-width="5" opacity="0.5" fill="none"/>`);
    birds(s, { count: 4, x: 1200, y: 260, spread: 90, color: '#2b3a4a' });
  },

  'musandam-fjord'(s) {
    sky(s, [
      [0, '#4a8fd4'],
      [0.6, '#cfe6f5'],
    ]);
    clouds(s, { count: 3, yMin: 80, yMax: 200, opacity: 0.6 });
    const leftPeaks = [
      [200, 120],
      [430, 260],
    ];
    const left = jaggedRidge(s.rand, { y: 640, amp: 80, depth: 6, x0: -20, x1: 700, peaks: leftPeaks });
    left.push([560, 640]);
    s.add(`<path d="${polyLine(left)}L-20,640Z" fill="${s.linear([[0, '#b08a68'], [1, '#6e5240']], { x1: 0, y1: 0, x2: 1, y2: 1 })}"/>`);
    const right = jaggedRidge(s.rand, { y: 640, amp: 80, depth: 6, x0: 900, x1: 1620, peaks: [[1250, 160], [1450, 220]] });
    right.unshift([1000, 640]);
    s.add(`<path d="${polyLine(right)}L1620,640Z" fill="${s.linear([[0, '#a17b5a'], [1, '#5a4132']], { x1: 1, y1: 0, x2: 0, y2: 1 })}"/>`);
    const middle = jaggedRidge(s.rand, { y: 640, amp: 60, depth: 5, x0: 520, x1: 1080, peaks: [[800, 380]] });
    s.add(`<path d="${polyLine(middle)}L1080,640L520,640Z" fill="#c0a58a" opacity="0.9"/>`);
    water(s, { y: 640, colors: [[0, '#3cc0c8'], [0.5, '#1595a8'], [1, '#0a5a78']], lines: 100, shimmerOpacity: 0.4 });
    reflection(s, 640, `<path d="${polyLine(left)}L-20,640Z" fill="#6e5240"/><path d="${polyLine(right)}L1620,640Z" fill="#5a4132"/>`, { opacity: 0.25 });
    dhow(s, { x: 820, y: 790, scale: 1.15, hull: '#7a4a28' });
    kayak(s, { x: 360, y: 880, scale: 1.1, color: '#e67e22' });
  },

  dolphins(s) {
    sky(s, [
      [0, '#6aaee6'],
      [0.6, '#d5ecf8'],
    ]);
    clouds(s, { count: 4, yMin: 100, yMax: 300, opacity: 0.7 });
    water(s, { y: 470, colors: [[0, '#3aa6c8'], [0.4, '#1c7fae'], [1, '#0b3f6a']], lines: 140, shimmerOpacity: 0.5 });
    yacht(s, { x: 1260, y: 480, scale: 0.45 });
    dolphin(s, { x: 620, y: 640, scale: 1.6, angle: -22 });
    splash(s, { x: 420, y: 740, width: 140 });
    dolphin(s, { x: 1000, y: 700, scale: 1.2, angle: 18 });
    splash(s, { x: 1140, y: 760, width: 110 });
    dolphin(s, { x: 280, y: 560, scale: 0.7, angle: -10 });
  },

  mountains(s) {
    sky(s, [
      [0, '#f5a96a'],
      [0.45, '#f7d1a0'],
      [0.6, '#f8e3c4'],
    ]);
    sun(s, { cx: 1180, cy: 330, r: 55, core: '#fff6e0', glow: '#ffd69a', glowRadius: 380 });
    const layers = [
      { y: 520, amp: 180, color: ['#d7a98e', '#cf9d84'] },
      { y: 620, amp: 200, color: ['#b98272', '#a46f62'] },
      { y: 740, amp: 180, color: ['#8c5a4e', '#6e4238'] },
      { y: 880, amp: 150, color: ['#5a362e', '#38201b'] },
    ];
    for (const layer of layers) {
      s.add(`<path d="${area(jaggedRidge(s.rand, { y: layer.y, amp: layer.amp, depth: 7 }), { smooth: false })}" fill="${s.linear([[0, layer.color[0]], [1, layer.color[1]]])}"/>`);
    }
    s.add(`<path d="M620,1000 Q700,940 820,930 Q980,920 920,870 Q860,830 980,800" stroke="#d9c2a8" stroke-width="10" fill="none" opacity="0.7"/>`);
    birds(s, { count: 3, x: 500, y: 260, spread: 100, color: '#5a362e' });
  },

  'mountain-lake-kayak'(s) {
    sky(s, [
      [0, '#3d88d0'],
      [0.6, '#c4e2f4'],
    ]);
    clouds(s, { count: 4, yMin: 80, yMax: 240, opacity: 0.7 });
    const back = jaggedRidge(s.rand, { y: 560, amp: 200, depth: 7 });
    const front = jaggedRidge(s.rand, { y: 600, amp: 130, depth: 7 });
    const mountainsSvg = `<path d="${area(back, { smooth: false, bottom: 600 })}" fill="#9b8a7c"/><path d="${area(front, { smooth: false, bottom: 600 })}" fill="#6d5d52"/>`;
    s.add(mountainsSvg);
    water(s, { y: 600, colors: [[0, '#3fb6b0'], [0.6, '#1c8e94'], [1, '#0d5c6b']], lines: 80, shimmerOpacity: 0.35 });
    reflection(s, 600, mountainsSvg, { opacity: 0.35, blur: 3 });
    kayak(s, { x: 520, y: 800, scale: 1.6, color: '#f39c12' });
    kayak(s, { x: 1080, y: 720, scale: 1.1, color: '#e74c3c', vest: '#f1c40f', flip: true });
    kayak(s, { x: 1350, y: 880, scale: 1.3, color: '#27ae60' });
  },

  'mangroves-kayak'(s) {
    sky(s, [
      [0, '#8fc6e8'],
      [0.6, '#f1e6c8'],
    ]);
    sun(s, { cx: 1300, cy: 200, r: 45, core: '#fffbe8', glow: '#fff0c0', glowRadius: 300, glowOpacity: 0.6 });
    const clumps = [];
    for (let i = 0; i < 9; i++) {
      clumps.push(mangroveClump(s, { x: i * 190 + s.rand.range(-30, 30), y: 560, width: 260, height: 200, leaf: i % 2 ? '#3f6b3a' : '#4d7d45', trunk: '#4a3a2a' }));
    }
    s.add(clumps.join(''));
    water(s, { y: 560, colors: [[0, '#6aa7a0'], [1, '#2d5f64']], lines: 80, shimmerOpacity: 0.35 });
    reflection(s, 560, clumps.join(''), { opacity: 0.3, blur: 4 });
    const near = mangroveClump(s, { x: 1450, y: 760, width: 420, height: 360, leaf: '#2f5a2c', trunk: '#3a2a1a' });
    s.add(near);
    kayak(s, { x: 600, y: 780, scale: 1.7, color: '#f4d03f', vest: '#e67e22' });
    kayak(s, { x: 300, y: 690, scale: 1, color: '#e74c3c', flip: true });
    birds(s, { count: 2, x: 800, y: 240, spread: 60, color: '#f4f4f4', size: 16 });
  },

  'theme-park'(s) {
    sky(s, [
      [0, '#3a7bd5'],
      [0.7, '#a6d4f2'],
    ]);
    clouds(s, { count: 5, yMin: 80, yMax: 260, opacity: 0.85 });
    // ferris wheel
    const cx = 1100;
    const cy = 420;
    const r = 260;
    const spokes = [];
    const cabins = [];
    for (let i = 0; i < 16; i++) {
      const a = (i / 16) * Math.PI * 2;
      spokes.push(`M${cx},${cy}L${f(cx + Math.cos(a) * r)},${f(cy + Math.sin(a) * r)}`);
      cabins.push(`<rect x="${f(cx + Math.cos(a) * r - 14)}" y="${f(cy + Math.sin(a) * r)}" width="28" height="24" rx="6" fill="${['#e74c3c', '#f1c40f', '#2ecc71', '#9b59b6'][i % 4]}"/>`);
    }
    s.add(
      `<path d="M${cx - 160},900 L${cx},${cy} L${cx + 160},900" stroke="#dfe6ee" stroke-width="14" fill="none"/>`,
      `<circle cx="${cx}" cy="${cy}" r="${r}" stroke="#f4f7fa" stroke-width="10" fill="none"/><circle cx="${cx}" cy="${cy}" r="${r - 30}" stroke="#f4f7fa" stroke-width="4" fill="none"/>`,
      `<path d="${spokes.join('')}" stroke="#f4f7fa" stroke-width="3"/>`,
      cabins.join(''),
      `<circle cx="${cx}" cy="${cy}" r="20" fill="#e74c3c"/>`,
    );
    // roller coaster
    const track = [];
    for (let x = -20; x <= 800; x += 20) {
      const y = 640 - Math.abs(Math.sin(x / 140)) * 260 * (1 - x / 1400) - 60;
      track.push([x, y]);
    }
    const supports = track.filter((_, i) => i % 2 === 0).map(([x, y]) => `M${f(x)},${f(y)}L${f(x)},900`).join('');
    s.add(`<path d="${supports}" stroke="#c0c8d4" stroke-width="5"/>`);
    s.add(`<path d="${smoothLine(track)}" stroke="#d63031" stroke-width="14" fill="none"/><path d="${smoothLine(track.map(([x, y]) => [x, y + 10]))}" stroke="#8e1c1c" stroke-width="4" fill="none"/>`);
    const car = track[16] ?? [320, 400];
    s.add(`<rect x="${f(car[0] - 40)}" y="${f(car[1] - 30)}" width="80" height="24" rx="8" fill="#f1c40f"/>`);
    // buildings and crowd ground
    s.add(`<rect x="0" y="860" width="${W}" height="140" fill="${s.linear([[0, '#e6c99a'], [1, '#c9a06a']])}"/>`);
    const tents = [
      [120, '#9b59b6'],
      [420, '#e67e22'],
      [700, '#16a085'],
    ];
    for (const [x, c] of tents) {
      s.add(`<rect x="${x}" y="770" width="200" height="100" fill="#fdf2e0"/><path d="M${x - 20},780 L${x + 100},700 L${x + 220},780 Z" fill="${c}"/><path d="M${x + 100},700 L${x + 100},670" stroke="#555" stroke-width="3"/><path d="M${x + 100},670 l24,8 l-24,8 Z" fill="#e74c3c"/>`);
    }
    palm(s, { x: 1460, y: 900, h: 320, color: '#2e5e3a' });
    palm(s, { x: 40, y: 900, h: 260, color: '#2e5e3a', lean: -0.1 });
  },

  'water-park'(s) {
    sky(s, [
      [0, '#2c8be0'],
      [0.7, '#a8dcf7'],
    ]);
    clouds(s, { count: 4, yMin: 80, yMax: 240, opacity: 0.8 });
    // tower
    s.add(`<path d="M300,820 L340,300 L460,300 L500,820 Z" fill="#e9d2a4"/><path d="M300,300 L400,200 L500,300 Z" fill="#c0392b"/><rect x="330" y="330" width="140" height="16" fill="#8e5a2a"/>`);
    const slides = [
      { d: 'M460,340 C800,360 700,520 980,540 C1240,560 1160,720 1500,760', color: '#f39c12' },
      { d: 'M460,420 C620,460 560,640 760,660 C940,680 900,800 1200,820', color: '#e74c3c' },
      { d: 'M340,360 C120,420 260,560 100,640 C0,690 60,780 -20,800', color: '#27ae60' },
      { d: 'M470,520 C600,600 540,700 700,760', color: '#8e44ad' },
    ];
    for (const slide of slides) {
      s.add(`<path d="${slide.d}" stroke="${slide.color}" stroke-width="46" fill="none" stroke-linecap="round"/><path d="${slide.d}" stroke="#ffffff" stroke-width="6" fill="none" opacity="0.45" transform="translate(0 -12)"/>`);
    }
    water(s, { y: 820, colors: [[0, '#4fd1e8'], [1, '#1aa3c4']], lines: 60, shimmerOpacity: 0.7 });
    s.add(`<rect x="0" y="800" width="${W}" height="24" fill="#f3e3c0"/>`);
    palm(s, { x: 1380, y: 820, h: 340, color: '#25613b' });
    palm(s, { x: 1500, y: 830, h: 260, color: '#2f7447', lean: -0.15 });
    for (let i = 0; i < 6; i++) s.add(`<circle cx="${700 + i * 120}" cy="${880 + (i % 2) * 30}" r="12" fill="#6b3f22"/>`);
  },

  aquarium(s) {
    sky(s, [
      [0, '#0f6fa6'],
      [0.5, '#0a4f82'],
      [1, '#04213f'],
    ]);
    // light rays
    const rays = [];
    for (let i = 0; i < 7; i++) {
      const x = 200 + i * 200 + s.rand.range(-40, 40);
      rays.push(`<path d="M${f(x)},0 L${f(x + 60)},0 L${f(x + 200)},900 L${f(x - 20)},900 Z"/>`);
    }
    s.add(`<g fill="#bfefff" opacity="0.08" filter="${s.blur(8)}">${rays.join('')}</g>`);
    // fish school
    const school = [];
    for (let i = 0; i < 40; i++) {
      school.push(fish(s, { x: 500 + s.rand.range(-260, 260), y: 340 + s.rand.range(-120, 120), size: s.rand.range(10, 18), color: '#b9d9ea', opacity: 0.8 }));
    }
    s.add(school.join(''));
    s.add(fish(s, { x: 1100, y: 420, size: 60, color: '#f39c12' }), fish(s, { x: 900, y: 600, size: 40, color: '#f1c40f', flip: true }), fish(s, { x: 1250, y: 620, size: 34, color: '#e84393' }));
    // manta / shark silhouette
    s.add(`<path d="M700,220 Q820,170 960,200 L1040,180 L1010,210 L1050,240 L960,222 Q820,250 700,220 Z M830,196 L850,150 L870,200 Z" fill="#274b6d" opacity="0.8"/>`);
    s.add(`<rect x="0" y="800" width="${W}" height="200" fill="${s.linear([[0, '#c9b48a'], [1, '#7a6a4a']])}"/>`);
    coral(s, { x: 300, y: 820, size: 200, color: '#e17055' });
    coral(s, { x: 1300, y: 820, size: 240, color: '#fd79a8' });
    // tunnel frame
    s.add(`<path d="M0,0 L${W},0 L${W},${H} L0,${H} Z M120,1000 L120,520 Q120,80 800,60 Q1480,80 1480,520 L1480,1000 Z" fill="#0b1826" fill-rule="evenodd"/>`);
    s.add(`<path d="M120,1000 L120,520 Q120,80 800,60 Q1480,80 1480,520 L1480,1000" fill="none" stroke="#3c5a78" stroke-width="10"/>`);
    s.add(person(380, 1000, 210, '#07101a'), person(460, 1000, 150, '#07101a', { arms: 'up' }), person(1220, 1000, 200, '#07101a'));
  },

  'coral-reef'(s) {
    sky(s, [
      [0, '#6fd6e8'],
      [0.3, '#1fa3c9'],
      [1, '#07467a'],
    ]);
    s.add(`<rect x="0" y="0" width="${W}" height="70" fill="#bdf1fb" opacity="0.6"/>`);
    const rays = [];
    for (let i = 0; i < 6; i++) {
      const x = 100 + i * 260;
      rays.push(`<path d="M${x},60 L${x + 80},60 L${x + 240},900 L${x + 40},900 Z"/>`);
    }
    s.add(`<g fill="#e6fbff" opacity="0.1" filter="${s.blur(10)}">${rays.join('')}</g>`);
    // snorkeller at surface
    s.add(`<g transform="translate(1000 110)"><path d="M-120,0 Q-60,-16 0,-10 Q60,-6 110,4 Q60,20 0,18 Q-60,20 -120,0 Z" fill="#1b2a36"/><path d="M110,4 L170,-10 L172,14 Z" fill="#f1c40f"/><path d="M-60,-8 L-60,-60" stroke="#f39c12" stroke-width="8" stroke-linecap="round"/><circle cx="-100" cy="-2" r="16" fill="#1b2a36"/></g>`);
    s.add(`<path d="${area(rollingRidge(s.rand, { y: 860, amp: 40 }))}" fill="${s.linear([[0, '#e5d3a5'], [1, '#a8946a']])}"/>`);
    const colors = ['#ff7675', '#fd79a8', '#fdcb6e', '#e17055', '#a29bfe'];
    for (let i = 0; i < 9; i++) coral(s, { x: 80 + i * 180 + s.rand.range(-30, 30), y: 880, size: s.rand.range(150, 280), color: colors[i % colors.length] });
    const fishes = [];
    const fishColors = ['#f9ca24', '#ff7f50', '#48dbfb', '#ffffff', '#ff9ff3'];
    for (let i = 0; i < 16; i++) {
      fishes.push(fish(s, { x: s.rand.range(100, 1500), y: s.rand.range(300, 720), size: s.rand.range(18, 42), color: fishColors[i % fishColors.length], flip: s.rand() < 0.5 }));
    }
    s.add(fishes.join(''));
    const bubbles = [];
    for (let i = 0; i < 20; i++) bubbles.push(`<circle cx="${f(880 + s.rand.range(-30, 30))}" cy="${f(140 + i * 30)}" r="${f(s.rand.range(3, 8))}"/>`);
    s.add(`<g fill="none" stroke="#e6fbff" stroke-width="2" opacity="0.6">${bubbles.join('')}</g>`);
  },

  'mosque-domes'(s) {
    sky(s, [
      [0, '#1f3a74'],
      [0.5, '#6b7fb8'],
      [0.72, '#f0b9a0'],
    ]);
    stars(s, 40, 200);
    const white = '#f7f8fb';
    const shade = '#b9c3d8';
    const base = 660;
    const mosque = capture(s, () => {
      s.add(`<rect x="140" y="${base - 120}" width="1320" height="120" fill="${s.linear([[0, white], [1, '#dfe4ee']])}"/>`);
      arches(s, { x0: 160, x1: 1440, baseY: base, height: 90, count: 22, fill: '#ffd78a', opacity: 0.75 });
      for (const x of [330, 470, 1130, 1270]) dome(s, { cx: x, baseY: base - 120, r: 40, fill: white, shade });
      dome(s, { cx: 600, baseY: base - 140, r: 70, fill: white, shade });
      dome(s, { cx: 1000, baseY: base - 140, r: 70, fill: white, shade });
      s.add(`<rect x="600" y="${base - 160}" width="400" height="40" fill="${white}"/>`);
      dome(s, { cx: 800, baseY: base - 160, r: 140, fill: white, shade });
      minaret(s, { x: 150, baseY: base, height: 430, width: 34, fill: white, shade });
      minaret(s, { x: 1450, baseY: base, height: 430, width: 34, fill: white, shade });
    });
    water(s, { y: base, colors: [[0, '#3c5a95'], [1, '#152849']], shimmer: '#ffd78a', shimmerOpacity: 0.3, lines: 50 });
    reflection(s, base, mosque, { opacity: 0.3, blur: 3 });
    s.add(`<rect x="0" y="${base}" width="${W}" height="8" fill="#e9ecf3"/>`);
    s.add(`<path d="M0,930 L${W},930 L${W},${H} L0,${H} Z" fill="${s.linear([[0, '#c9d0de'], [1, '#8e98ad']])}"/>`);
    palm(s, { x: 60, y: 950, h: 300, color: '#17223a' });
    palm(s, { x: 1540, y: 950, h: 280, color: '#17223a', lean: -0.12 });
  },

  fort(s) {
    sky(s, [
      [0, '#4a90d9'],
      [0.7, '#cfe7f6'],
    ]);
    clouds(s, { count: 4, yMin: 90, yMax: 260, opacity: 0.7 });
    const wall = s.linear([[0, '#e3c08d'], [1, '#c79a60']]);
    const ground = 800;
    // round tower
    const tower = s.linear([[0, '#b98a55'], [0.35, '#ecd0a2'], [1, '#a57442']], { x1: 0, y1: 0, x2: 1, y2: 0 });
    s.add(`<path d="${crenellations(260, 1380, 520, 26)}" fill="${wall}"/>`);
    s.add(`<rect x="260" y="520" width="1120" height="${ground - 520}" fill="${wall}"/>`);
    s.add(`<path d="M1080,${ground} L1100,300 L1320,300 L1340,${ground} Z" fill="${tower}"/><path d="${crenellations(1096, 1330, 300, 24)}" fill="#e3c08d"/>`);
    s.add(`<rect x="160" y="380" width="220" height="${ground - 380}" fill="${s.linear([[0, '#d8b27c'], [1, '#b98a55']], { x1: 0, y1: 0, x2: 1, y2: 0 })}"/><path d="${crenellations(160, 384, 380, 24)}" fill="#d8b27c"/>`);
    // slits, windows, door
    const slits = [];
    for (const [x, y] of [
      [1160, 380],
      [1250, 380],
      [1200, 500],
      [230, 450],
      [300, 450],
      [500, 600],
      [900, 600],
    ]) {
      slits.push(`<rect x="${x}" y="${y}" width="12" height="40" rx="6"/>`);
    }
    s.add(`<g fill="#5a3b1e">${slits.join('')}</g>`);
    s.add(`<path d="M640,${ground} L640,640 Q700,590 760,640 L760,${ground} Z" fill="#6b4226"/><path d="M700,600 L700,${ground}" stroke="#4a2c16" stroke-width="4"/>`);
    s.add(`<rect x="0" y="${ground}" width="${W}" height="${H - ground}" fill="${s.linear([[0, '#e6cfa4'], [1, '#c9a978']])}"/>`);
    // flag
    s.add(`<path d="M1210,300 L1210,180" stroke="#555" stroke-width="4"/><rect x="1212" y="180" width="26" height="60" fill="#d62828"/><rect x="1238" y="180" width="60" height="20" fill="#00843d"/><rect x="1238" y="200" width="60" height="20" fill="#ffffff"/><rect x="1238" y="220" width="60" height="20" fill="#1a1a1a"/>`);
    palm(s, { x: 80, y: 880, h: 360, color: '#2f6b3c' });
    palm(s, { x: 1500, y: 880, h: 300, color: '#2f6b3c', lean: -0.1 });
    palm(s, { x: 980, y: 860, h: 220, color: '#3a7a48', lean: 0.05 });
  },

  'heritage-wind-towers'(s) {
    sky(s, [
      [0, '#5da2de'],
      [0.7, '#e3f1f8'],
    ]);
    clouds(s, { count: 3, yMin: 100, yMax: 240, opacity: 0.6 });
    const stone = s.linear([[0, '#ecdcc0'], [1, '#cdb58e']]);
    const houses = [
      [40, 360, 620],
      [380, 420, 560],
      [780, 380, 600],
      [1140, 440, 540],
    ];
    for (const [x, w, top] of houses) {
      s.add(`<rect x="${x}" y="${top}" width="${w}" height="${900 - top}" fill="${stone}"/><path d="${crenellations(x, x + w, top, 16)}" fill="#ecdcc0"/>`);
      s.add(`<path d="M${x + w * 0.2},900 L${x + w * 0.2},${top + 170} Q${x + w * 0.28},${top + 130} ${x + w * 0.36},${top + 170} L${x + w * 0.36},900 Z" fill="#7a5232"/>`);
      s.add(`<rect x="${x + w * 0.55}" y="${top + 80}" width="60" height="70" fill="#5a86a8"/><rect x="${x + w * 0.55}" y="${top + 80}" width="60" height="70" fill="none" stroke="#7a5232" stroke-width="6"/>`);
    }
    // wind towers
    for (const [x, top] of [
      [220, 620],
      [930, 600],
      [1300, 540],
    ]) {
      const tw = 110;
      const th = 240;
      s.add(`<rect x="${x - tw / 2}" y="${top - th}" width="${tw}" height="${th}" fill="${stone}"/>`);
      const slots = [];
      for (let i = 0; i < 4; i++) slots.push(`<rect x="${x - tw / 2 + 10 + i * 25}" y="${top - th + 20}" width="14" height="${th * 0.55}" fill="#6b4b30"/>`);
      s.add(slots.join(''), `<path d="${crenellations(x - tw / 2, x + tw / 2, top - th, 14)}" fill="#ecdcc0"/>`, `<rect x="${x - tw / 2 - 8}" y="${top - th + th * 0.62}" width="${tw + 16}" height="10" fill="#cdb58e"/>`);
    }
    s.add(`<rect x="0" y="900" width="${W}" height="100" fill="#d8c39c"/>`);
    palm(s, { x: 720, y: 920, h: 300, color: '#2f6b3c' });
    s.add(person(520, 960, 90, '#3a3a4a'), person(560, 962, 80, '#f4f4f4'));
  },

  'souk-lanterns'(s) {
    sky(s, [
      [0, '#2a1208'],
      [0.6, '#5a2a12'],
      [1, '#2a1208'],
    ]);
    arches(s, { x0: -100, x1: 1700, baseY: 820, height: 600, count: 6, fill: '#7a3e1a', opacity: 0.8 });
    arches(s, { x0: 0, x1: 1600, baseY: 820, height: 420, count: 8, fill: '#c26a2a', opacity: 0.45 });
    const colors = [
      ['#e74c3c', '#ff9a6b'],
      ['#2e86c1', '#8fd3ff'],
      ['#27ae60', '#a8f0b8'],
      ['#f39c12', '#ffe08a'],
      ['#8e44ad', '#e0a8ff'],
    ];
    const spots = [
      [160, 260, 46],
      [380, 200, 40],
      [600, 300, 54],
      [830, 180, 44],
      [1040, 280, 50],
      [1260, 220, 42],
      [1460, 300, 48],
      [280, 440, 34],
      [720, 480, 36],
      [1160, 460, 34],
    ];
    spots.forEach(([x, y, size], i) => {
      const [glass, glow] = colors[i % colors.length];
      lantern(s, { x, y, size, glass, glow });
    });
    // spice cones
    s.add(`<rect x="0" y="820" width="${W}" height="180" fill="#3a1d0c"/>`);
    const spices = ['#c0392b', '#e67e22', '#f1c40f', '#8e5a2a', '#d35400', '#27ae60'];
    for (let i = 0; i < 12; i++) {
      const x = 70 + i * 130;
      s.add(`<rect x="${x - 50}" y="880" width="100" height="70" fill="#8a5a2a"/><path d="M${x - 48},882 Q${x},${800 - (i % 3) * 15} ${x + 48},882 Z" fill="${spices[i % spices.length]}"/>`);
    }
  },

  'museum-dome'(s) {
    sky(s, [
      [0, '#78b6e6'],
      [0.7, '#e4f2fa'],
    ]);
    const baseY = 640;
    // buildings under the dome
    const blocks = [
      [300, 520, 140],
      [460, 480, 160],
      [640, 540, 120],
      [780, 460, 200],
      [1000, 520, 140],
      [1160, 490, 170],
    ];
    s.add(`<g fill="#f4f4f2">${blocks.map(([x, y, w]) => `<rect x="${x}" y="${y}" width="${w}" height="${baseY - y}"/>`).join('')}</g>`);
    s.add(`<g fill="#d6dbe0">${blocks.map(([x, y, w]) => `<rect x="${x + w * 0.7}" y="${y}" width="${w * 0.3}" height="${baseY - y}"/>`).join('')}</g>`);
    // dome with lattice
    const domePath = `M200,450 A620,170 0 0 1 1400,450 Z`;
    const lattice = s.pattern(
      60,
      60,
      `<rect width="60" height="60" fill="#d9dde2"/><path d="M0,0 L60,60 M60,0 L0,60 M30,0 L30,60 M0,30 L60,30" stroke="#9aa4ae" stroke-width="3"/>`,
      ' patternTransform="rotate(15)"',
    );
    s.add(`<path d="${domePath}" fill="${lattice}"/>`);
    s.add(`<path d="${domePath}" fill="${s.linear([[0, '#ffffff', 0.35], [1, '#5f6b78', 0.25]])}"/>`);
    s.add(`<path d="M200,450 L1400,450 L1390,470 L210,470 Z" fill="#8c96a0"/>`);
    // light dapples
    const dots = [];
    for (let i = 0; i < 50; i++) dots.push(`<circle cx="${f(s.rand.range(280, 1320))}" cy="${f(s.rand.range(490, 630))}" r="${f(s.rand.range(2, 5))}"/>`);
    s.add(`<g fill="#fff7d6" opacity="0.8">${dots.join('')}</g>`);
    s.add(`<rect x="240" y="470" width="14" height="170" fill="#b3bcc4"/><rect x="1346" y="470" width="14" height="170" fill="#b3bcc4"/>`);
    water(s, { y: baseY, colors: [[0, '#5fb8d3'], [1, '#1c6f96']], lines: 80, shimmerOpacity: 0.45 });
    reflection(s, baseY, `<path d="${domePath}" fill="#cfd5db"/>${blocks.map(([x, y, w]) => `<rect x="${x}" y="${y}" width="${w}" height="${baseY - y}" fill="#f4f4f2"/>`).join('')}`, { opacity: 0.35, blur: 4 });
  },

  'beach-palms'(s) {
    sky(s, [
      [0, '#2f86d6'],
      [0.7, '#bfe5f8'],
    ]);
    clouds(s, { count: 4, yMin: 80, yMax: 240, opacity: 0.8 });
    const city = skyline(s, { baseY: 520, x0: 900, x1: 1620, minH: 40, maxH: 160, fill: '#9fb6cc' });
    s.add(city);
    sailHotel(s, { x: 1050, baseY: 520, height: 300 });
    water(s, { y: 520, colors: [[0, '#2bb3c8'], [0.6, '#1b93b5'], [1, '#1e8aa8']], lines: 80, shimmerOpacity: 0.45, bottom: 760 });
    s.add(`<path d="M0,740 Q400,700 800,730 T1600,720 L1600,1000 L0,1000 Z" fill="${s.linear([[0, '#f7e3b8'], [1, '#e5c48a']])}"/>`);
    s.add(`<path d="M0,740 Q400,700 800,730 T1600,720" stroke="#ffffff" stroke-width="8" fill="none" opacity="0.7"/>`);
    const umbrellas = [
      [420, 820, '#e74c3c'],
      [700, 860, '#f1c40f'],
      [980, 830, '#2e86c1'],
    ];
    for (const [x, y, c] of umbrellas) {
      s.add(`<path d="M${x},${y + 80} L${x},${y}" stroke="#6b4b30" stroke-width="5"/><path d="M${x - 90},${y + 10} Q${x},${y - 70} ${x + 90},${y + 10} Z" fill="${c}"/><rect x="${x - 70}" y="${y + 80}" width="140" height="14" rx="6" fill="#ffffff"/>`);
    }
    palm(s, { x: 120, y: 920, h: 520, color: '#24543a', lean: 0.18 });
    palm(s, { x: 1440, y: 940, h: 460, color: '#24543a', lean: -0.16 });
    palm(s, { x: 1300, y: 900, h: 330, color: '#2e6a48', lean: -0.05 });
  },

  skydiving(s) {
    sky(s, [
      [0, '#1d6fc0'],
      [0.6, '#8cc7ee'],
      [0.7, '#d9eef9'],
    ]);
    // sea and palm island from above
    water(s, { y: 700, colors: [[0, '#4aa8cf'], [1, '#126c98']], lines: 40, shimmerOpacity: 0.3 });
    const fronds = [];
    for (let i = 0; i < 16; i++) {
      const x = 520 + i * 36;
      fronds.push(`<ellipse cx="${x}" cy="${f(850 - Math.abs(i - 7.5) * 4)}" rx="10" ry="${f(80 - Math.abs(i - 7.5) * 5)}" transform="rotate(${f((i - 7.5) * 7)} ${x} 900)"/>`);
    }
    s.add(`<g fill="#e9d6a8">${fronds.join('')}<rect x="770" y="860" width="60" height="140"/></g>`);
    s.add(`<path d="M440,810 A360,90 0 0 1 1160,810" stroke="#e9d6a8" stroke-width="14" fill="none"/>`);
    s.add(skyline(s, { baseY: 700, minH: 20, maxH: 90, fill: '#93a9bf', x0: 0, x1: 1600 }));
    clouds(s, { count: 5, yMin: 560, yMax: 680, opacity: 0.7, scale: 1.5 });
    // canopy
    const cells = [];
    for (let i = 0; i < 9; i++) {
      const x0 = 560 + i * 54;
      cells.push(`<path d="M${x0},${f(180 - Math.sin(((i + 0.5) / 9) * Math.PI) * 60)} L${x0 + 54},${f(180 - Math.sin(((i + 1.5) / 9) * Math.PI) * 60)} L${x0 + 54},${f(210 - Math.sin(((i + 1.5) / 9) * Math.PI) * 60)} L${x0},${f(210 - Math.sin(((i + 0.5) / 9) * Math.PI) * 60)} Z" fill="${i % 2 ? '#e74c3c' : '#f5b041'}"/>`);
    }
    s.add(cells.join(''));
    const lines = [];
    for (let i = 0; i <= 9; i++) lines.push(`M${560 + i * 54},${f(210 - Math.sin((i / 9) * Math.PI) * 60)}L800,460`);
    s.add(`<path d="${lines.join('')}" stroke="#ffffff" stroke-width="1.5" opacity="0.8"/>`);
    s.add(person(800, 540, 90, '#1b2631', { arms: 'up' }), person(810, 560, 80, '#34495e'));
  },

  zipline(s) {
    sky(s, [
      [0, '#5e9be0'],
      [0.65, '#f2dcc0'],
    ]);
    sun(s, { cx: 300, cy: 260, r: 40, core: '#fffbe8', glow: '#ffe2b0', glowRadius: 260, glowOpacity: 0.6 });
    const layers = [
      { y: 560, amp: 240, c: ['#b59a8a', '#a48a7a'] },
      { y: 700, amp: 240, c: ['#8d6f5f', '#735646'] },
      { y: 860, amp: 200, c: ['#5f4538', '#3f2c23'] },
    ];
    for (const l of layers) s.add(`<path d="${area(jaggedRidge(s.rand, { y: l.y, amp: l.amp, depth: 7 }), { smooth: false })}" fill="${s.linear([[0, l.c[0]], [1, l.c[1]]])}"/>`);
    s.add(`<path d="M-20,160 Q800,420 1620,640" stroke="#2b2b2b" stroke-width="4" fill="none"/><path d="M-20,190 Q800,450 1620,670" stroke="#2b2b2b" stroke-width="2" fill="none" opacity="0.6"/>`);
    // rider hanging from the cable at about x=900
    s.add(`<g transform="translate(900 398) rotate(14)"><rect x="-14" y="-6" width="28" height="14" rx="4" fill="#f1c40f"/><path d="M0,8 L0,40" stroke="#2b2b2b" stroke-width="3"/><circle cx="0" cy="56" r="15" fill="#e74c3c"/><path d="M-14,70 L14,70 L18,130 L-18,130 Z" fill="#2e86c1"/><path d="M-10,130 L-30,180 M10,130 L36,170" stroke="#1b2631" stroke-width="12" stroke-linecap="round"/><path d="M-12,80 L-4,40 M12,80 L4,40" stroke="#2e86c1" stroke-width="9" stroke-linecap="round"/></g>`);
    s.add(`<rect x="1500" y="560" width="40" height="200" fill="#5a4030"/><rect x="1460" y="540" width="140" height="30" fill="#7a5a40"/>`);
  },

  'indoor-ski'(s) {
    sky(s, [
      [0, '#2c3440'],
      [0.5, '#56657a'],
      [1, '#9aacc0'],
    ]);
    // roof trusses and lights
    const truss = [];
    for (let x = -100; x < W; x += 140) truss.push(`M${x},0 L${x + 300},380`);
    s.add(`<path d="${truss.join('')}" stroke="#3d4a5a" stroke-width="10"/>`);
    const lights = [];
    for (let i = 0; i < 14; i++) lights.push(`<circle cx="${60 + i * 115}" cy="${f(60 + i * 18)}" r="7"/>`);
    s.add(`<g fill="#fffbe0">${lights.join('')}</g><g fill="#fffbe0" opacity="0.25" filter="${s.blur(12)}">${lights.join('')}</g>`);
    // slope
    s.add(`<path d="M0,360 L1600,760 L1600,1000 L0,1000 Z" fill="${s.linear([[0, '#ffffff'], [1, '#cfdff0']])}"/>`);
    s.add(`<path d="M0,420 Q600,560 1600,800" stroke="#b8cce0" stroke-width="6" fill="none" opacity="0.6"/>`);
    // chairlift
    s.add(`<path d="M0,250 L1600,600" stroke="#333" stroke-width="3"/>`);
    for (let i = 0; i < 6; i++) {
      const x = 120 + i * 260;
      const y = 250 + (x / 1600) * 350;
      s.add(`<path d="M${x},${f(y)} L${x},${f(y + 50)}" stroke="#333" stroke-width="3"/><rect x="${x - 24}" y="${f(y + 50)}" width="48" height="14" rx="4" fill="#c0392b"/>`);
    }
    const trees = [];
    for (let i = 0; i < 8; i++) {
      const x = 60 + i * 200 + s.rand.range(-30, 30);
      const y = 440 + (x / 1600) * 400 + 120;
      trees.push(pineTree(x, y, s.rand.range(120, 200), '#24543a', '#f4f8fb'));
    }
    s.add(trees.join(''));
    // skiers
    s.add(`<g transform="translate(700 690) rotate(20)"><path d="M-40,0 L60,0" stroke="#222" stroke-width="5"/>${person(10, -2, 90, '#e74c3c')}</g>`);
    s.add(`<g transform="translate(1100 780) rotate(20)"><path d="M-30,0 L40,0" stroke="#222" stroke-width="4"/>${person(5, -2, 64, '#2e86c1')}</g>`);
  },

  'flower-garden'(s) {
    sky(s, [
      [0, '#4a9de0'],
      [0.7, '#d6ecf8'],
    ]);
    clouds(s, { count: 4, yMin: 80, yMax: 220, opacity: 0.8 });
    const { rand } = s;
    const colors = ['#e84393', '#fdcb6e', '#e17055', '#a29bfe', '#ff7675', '#ffeaa7', '#fd79a8'];
    // heart-shaped flower arch
    const heart = 'M800,640 C600,480 560,260 700,240 C760,232 790,270 800,300 C810,270 840,232 900,240 C1040,260 1000,480 800,640 Z';
    s.add(`<path d="${heart}" fill="none" stroke="${s.linear([[0, '#ff7675'], [1, '#c0392b']])}" stroke-width="60"/>`);
    s.add(`<path d="${heart}" fill="none" stroke="#ffd1dc" stroke-width="10" stroke-dasharray="3 26" stroke-linecap="round"/>`);
    palm(s, { x: 140, y: 600, h: 260, color: '#2f6b3c' });
    palm(s, { x: 1470, y: 600, h: 280, color: '#2f6b3c', lean: -0.12 });
    s.add(`<rect x="0" y="560" width="${W}" height="60" fill="#3f7d3a"/>`);
    // curved beds of flowers, nearer ones larger
    for (let i = 0; i < 6; i++) {
      const y0 = 600 + i * 68;
      const c = colors[i % colors.length];
      const c2 = colors[(i + 3) % colors.length];
      const bed = `M-40,${y0 + 72} Q800,${y0 + 40} 1640,${y0 + 72} L1640,${y0 + 20} Q800,${y0 - 14} -40,${y0 + 20} Z`;
      s.add(`<path d="${bed}" fill="${s.linear([[0, c], [1, c2]], { x1: 0, y1: 0, x2: 1, y2: 0 })}"/>`);
      const blooms = [];
      const size = 6 + i * 2.2;
      for (let x = -20 + rand.range(0, 30); x < W + 20; x += size * 4.2) {
        const curve = ((x - 800) / 800) ** 2;
        blooms.push(`<circle cx="${f(x)}" cy="${f(y0 + 6 + curve * 34 + rand.range(8, 30))}" r="${f(size * rand.range(0.7, 1.1))}"/>`);
      }
      s.add(`<g fill="#ffffff" opacity="0.45">${blooms.join('')}</g>`);
      s.add(`<path d="M-40,${y0 + 72} Q800,${y0 + 40} 1640,${y0 + 72}" stroke="#e9dcc0" stroke-width="${8 + i * 2}" fill="none"/>`);
    }
  },
};

// ---------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------

async function render(name) {
  const draw = scenes[name];
  const scene = new Scene(name);
  draw(scene);
  let quality = WEBP.quality;
  let output = await sharp(Buffer.from(scene.svg())).webp({ ...WEBP, quality }).toBuffer();
  while (output.length > MAX_BYTES && quality > 45) {
    quality -= 5;
    output = await sharp(Buffer.from(scene.svg())).webp({ ...WEBP, quality }).toBuffer();
  }
  await writeFile(path.join(OUT_DIR, `${name}.webp`), output);
  return { name, bytes: output.length, quality };
}

async function main() {
  const requested = process.argv.slice(2);
  const unknown = requested.filter((name) => !(name in scenes));
  if (unknown.length > 0) throw new Error(`Unknown scene(s): ${unknown.join(', ')}. Known: ${Object.keys(scenes).join(', ')}`);
  await mkdir(OUT_DIR, { recursive: true });
  const names = requested.length > 0 ? requested : Object.keys(scenes);
  for (const name of names) {
    const { bytes, quality } = await render(name);
    console.log(`${name.padEnd(22)} ${(bytes / 1024).toFixed(1).padStart(6)} KB  q${quality}`);
  }
  let total = 0;
  let count = 0;
  for (const file of await readdir(OUT_DIR)) {
    if (!file.endsWith('.webp')) continue;
    total += (await stat(path.join(OUT_DIR, file))).size;
    count += 1;
  }
  console.log(`${count} images, ${(total / 1024).toFixed(0)} KB in ${path.relative(process.cwd(), OUT_DIR)}`);
}

await main();
