// A cache entry as one Redis string: JSON, with the entry's bytes (a page's RSC payload and
// segments, a route's body) as base64 and its maps as entry lists, so a process that did not
// render the entry gets back exactly the shapes Next stored (Buffer, Map).

const BYTES = '\u0000bytes';
const MAP = '\u0000map';
const FORMAT = 1;

/** @param {unknown} value */
function toPlain(value) {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Uint8Array) return { [BYTES]: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
  if (value instanceof Map) return { [MAP]: [...value].map(([key, item]) => [key, toPlain(item)]) };
  if (Array.isArray(value)) return value.map(toPlain);
  /** @type {Record<string, unknown>} */
  const plain = {};
  for (const [key, item] of Object.entries(value)) if (item !== undefined) plain[key] = toPlain(item);
  return plain;
}

/** @param {string} _key @param {unknown} value */
function revive(_key, value) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = /** @type {Record<string, unknown>} */ (value);
  if (typeof record[BYTES] === 'string') return Buffer.from(record[BYTES], 'base64');
  if (Array.isArray(record[MAP])) return new Map(/** @type {[unknown, unknown][]} */ (record[MAP]));
  return value;
}

/** @param {object} entry @returns {string} */
export function encodeEntry(entry) {
  return JSON.stringify({ format: FORMAT, entry: toPlain(entry) });
}

/** The entry, or null for anything this version did not write (another format, a broken string). */
export function decodeEntry(/** @type {string} */ stored) {
  try {
    const parsed = JSON.parse(stored, revive);
    if (parsed?.format !== FORMAT || typeof parsed.entry?.lastModified !== 'number' || !Array.isArray(parsed.entry.tags)) return null;
    return parsed.entry;
  } catch {
    return null;
  }
}
