import { decodeEntry, encodeEntry } from '@/server/shared-cache/entry-codec.mjs';
import { LocalEntries, type LocalEntry } from '@/server/shared-cache/local-entries.mjs';

const entry = (html: string, size: number): LocalEntry => ({ handlerValue: { lastModified: 1, value: { kind: 'APP_PAGE', html } }, tags: [], size });

describe("a process's own cache entries", () => {
  it('drop the least recently used first when over their size, and refuse one larger than all', () => {
    const local = new LocalEntries(100);
    local.set('a', entry('a', 40));
    local.set('b', entry('b', 40));
    expect(local.get('a')).toBeDefined(); // now b is the oldest
    local.set('c', entry('c', 40));
    expect(local.get('b')).toBeUndefined();
    expect(local.get('a')).toBeDefined();
    expect(local.get('c')).toBeDefined();
    local.set('huge', entry('huge', 101));
    expect(local.get('huge')).toBeUndefined();
    expect(local.get('a')).toBeDefined();
  });
});

describe('a cache entry as a Redis string', () => {
  it('brings back bytes and maps as Next stored them, and refuses what it did not write', () => {
    const stored = encodeEntry({
      lastModified: 5,
      tags: ['t'],
      value: { kind: 'APP_PAGE', html: 'Дубай — AED', rscData: Buffer.from([0, 255, 7]), segmentData: new Map([['/_tree', Buffer.from('x')]]), postponed: undefined },
    });
    const decoded = decodeEntry(stored) as { value: { html: string; rscData: Buffer; segmentData: Map<string, Buffer> } } | null;
    expect(decoded?.value.html).toBe('Дубай — AED');
    expect([...(decoded?.value.rscData ?? [])]).toEqual([0, 255, 7]);
    expect(decoded?.value.segmentData.get('/_tree')?.toString()).toBe('x');
    expect(decodeEntry('{"format":0}')).toBeNull();
    expect(decodeEntry('not json')).toBeNull();
  });
});
