import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md's layout tables are the map a new engineer reads first: every path they
// name must exist, so a folder moved or renamed without the map fails here.

const root = path.resolve(__dirname, '../..');

/** The paths in the first column of the tables under "## Layout". */
function layoutPaths(markdown: string): string[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Layout\n'));
  if (!section) throw new Error('docs/architecture.md has no "## Layout" section');
  return section
    .split('\n')
    .map((line) => /^\|\s*`([^`]+)`\s*\|/.exec(line)?.[1])
    .filter((entry): entry is string => entry !== undefined);
}

describe('the layout tables in docs/architecture.md', () => {
  const paths = layoutPaths(fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8'));

  it('name the top-level folders and the domain folders under server/', () => {
    expect(paths).toEqual(expect.arrayContaining(['app/', 'components/', 'shared/', 'server/', 'tests/', 'e2e/', 'docs/']));
    expect(paths.filter((entry) => entry.startsWith('server/') && entry !== 'server/').length).toBeGreaterThan(20);
  });

  it('name only paths that exist, folders as folders', () => {
    const missing = paths.filter((entry) => {
      const target = path.join(root, entry);
      if (!fs.existsSync(target)) return true;
      return entry.endsWith('/') !== fs.statSync(target).isDirectory();
    });
    expect(missing).toEqual([]);
  });

  it('leave out no domain folder under server/', () => {
    const folders = fs
      .readdirSync(path.join(root, 'server'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `server/${entry.name}/`);
    expect(folders.filter((folder) => !paths.includes(folder))).toEqual([]);
  });

  it('leave out no top-level folder of the repository', () => {
    const ignored = new Set(['node_modules', 'test-results', 'playwright-report', 'coverage']);
    const folders = fs
      .readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !ignored.has(entry.name) && (!entry.name.startsWith('.') || entry.name === '.ci'))
      .map((entry) => `${entry.name}/`);
    expect(folders.filter((folder) => !paths.includes(folder))).toEqual([]);
  });
});
