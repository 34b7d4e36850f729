// A static map drawn from our own data, never tiles from the internet: the UAE's coast, its
// borders and Musandam, rough outlines (longitude, latitude) good for "where in the Emirates",
// with a pin. A point outside that frame gets a plain grid around it. Pure: the tour page renders
// it as inline SVG (no request; its box is sized, so it never shifts the layout).

type Point = readonly [longitude: number, latitude: number];

const FRAME = { west: 51.4, east: 56.8, south: 22.6, north: 26.6 } as const;
/** Equirectangular, squeezed by the cosine of the frame's middle latitude. */
const X_SCALE = Math.cos((((FRAME.north + FRAME.south) / 2) * Math.PI) / 180);
const UNIT = 100;

export const MAP_WIDTH = Math.round((FRAME.east - FRAME.west) * X_SCALE * UNIT);
export const MAP_HEIGHT = Math.round((FRAME.north - FRAME.south) * UNIT);

const GULF_COAST: Point[] = [
  [51.58, 24.25], [51.75, 24.03], [52.6, 24.18], [52.73, 24.12], [53.44, 24.12], [53.8, 24.05], [54.37, 24.47], [54.65, 24.75],
  [54.85, 24.88], [55.03, 25.0], [55.14, 25.08], [55.3, 25.27], [55.39, 25.36], [55.45, 25.41], [55.55, 25.57], [55.94, 25.79], [56.08, 26.02],
];
const MUSANDAM_WEST: Point[] = [[56.15, 26.35], [56.22, 26.45]];
const EAST_COAST: Point[] = [[56.38, 26.4], [56.45, 26.2], [56.38, 25.95], [56.27, 25.62], [56.36, 25.34], [56.34, 25.12], [56.36, 24.98], [56.6, 24.55], [56.8, 24.3]];
const UAE_INLAND: Point[] = [[56.1, 24.75], [55.95, 24.55], [55.78, 24.2], [55.5, 24.0], [55.2, 22.7], [52.58, 22.94]];

const SEA: Point[][] = [
  [[FRAME.west, FRAME.north], [FRAME.west, 24.3], ...GULF_COAST, ...MUSANDAM_WEST, [56.25, FRAME.north]],
  [[56.3, FRAME.north], ...EAST_COAST, [FRAME.east, 24.3], [FRAME.east, FRAME.north]],
];
const UAE: Point[] = [...GULF_COAST, [56.2, 25.85], [56.27, 25.62], [56.36, 25.34], [56.34, 25.12], [56.36, 24.98], ...UAE_INLAND];

export type StaticMapShape = {
  width: number;
  height: number;
  /** Paths in the map's own coordinates. */
  sea: string[];
  country: string | null;
  grid: string | null;
  pin: { x: number; y: number };
};

function inFrame(longitude: number, latitude: number): boolean {
  return longitude > FRAME.west && longitude < FRAME.east && latitude > FRAME.south && latitude < FRAME.north;
}

const project = ([longitude, latitude]: Point) => [(longitude - FRAME.west) * X_SCALE * UNIT, (FRAME.north - latitude) * UNIT] as const;
const round = (value: number) => Math.round(value * 10) / 10;
const path = (points: Point[]) => `M${points.map((point) => project(point).map(round).join(' ')).join('L')}Z`;

/** The map of a meeting point: the Emirates with a pin, or a grid with the pin at its centre. */
export function staticMapShape(latitude: number, longitude: number): StaticMapShape {
  if (inFrame(longitude, latitude)) {
    const [x, y] = project([longitude, latitude]);
    return { width: MAP_WIDTH, height: MAP_HEIGHT, sea: SEA.map(path), country: path(UAE), grid: null, pin: { x: round(x), y: round(y) } };
  }
  const lines = [];
  for (let step = 0; step <= MAP_WIDTH; step += 40) lines.push(`M${step} 0V${MAP_HEIGHT}`);
  for (let step = 0; step <= MAP_HEIGHT; step += 40) lines.push(`M0 ${step}H${MAP_WIDTH}`);
  return { width: MAP_WIDTH, height: MAP_HEIGHT, sea: [], country: null, grid: lines.join(''), pin: { x: MAP_WIDTH / 2, y: MAP_HEIGHT / 2 } };
}

/** The maps provider's page for the coordinates (opened by the visitor's click; nothing is loaded before). */
export function mapsLink(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude.toFixed(6)}%2C${longitude.toFixed(6)}`;
}
