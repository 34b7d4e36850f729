/** A LIKE pattern that finds `text` anywhere, its own `%`, `_` and `\\` matched literally. */
export function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
