import fs from 'node:fs';
import path from 'node:path';

// lucide-react's icons are client components: a server component that drew one sent its SVG data
// in the page's RSC payload and had it rendered again on hydration. Server components draw icons
// from components/icons/icons.tsx; only client modules import lucide-react.
const root = path.resolve(__dirname, '../..');

function modules(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return modules(relative);
    return entry.name.endsWith('.tsx') ? [relative] : [];
  });
}

describe('icons', () => {
  const importers = ['app', 'components'].flatMap(modules).filter((file) => fs.readFileSync(path.join(root, file), 'utf8').includes("from 'lucide-react'"));

  it('are drawn by server components without a client boundary', () => {
    const serverImporters = importers.filter((file) => !/^\s*['"]use client['"]/.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(serverImporters).toEqual([]);
    // The scan reads the modules it means to: the client components' own icons are still found.
    expect(importers.length).toBeGreaterThan(10);
  });
});
