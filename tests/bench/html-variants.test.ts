import { describe, expect, it } from 'vitest';
import { HTML_VARIANTS } from '../../bench/lib/html-variants.mjs';

// The shape Next 16 gives a prerendered page: script preloads and async module scripts in the
// head, the markup, then the RSC payload rows as inline scripts.
const PAGE = [
  '<!DOCTYPE html><html lang="en"><head>',
  '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/main.js"/>',
  '<script src="/_next/static/chunks/react.js" async=""></script>',
  '<script src="/_next/static/chunks/main.js" async=""></script>',
  '<script>document.documentElement.classList.add("hinted")</script>',
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
  '</head><body><main><h1>Burj Khalifa</h1></main>',
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
  '<script>self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n"])</script>',
  '<script>self.__next_f.push([1,"0:{\\"P\\":null}\\n"])</script>',
  '</body></html>',
].join('');

const scriptTags = (html: string) => html.match(/<script\b[^>]*>/g) ?? [];
const EXTERNAL_SCRIPT_TAG = /<script\b[^>]*\ssrc=/;

describe('Lighthouse HTML variants', () => {
  it('serves the page unchanged as served', () => {
    expect(HTML_VARIANTS['as-served'](PAGE)).toBe(PAGE);
  });

  it('drops the external scripts and their preloads, keeping markup, styles and inline scripts', () => {
    const html = HTML_VARIANTS['no-external-scripts'](PAGE);
    expect(html).not.toMatch(EXTERNAL_SCRIPT_TAG);
    expect(html).not.toContain('as="script"');
    expect(html).toContain('<h1>Burj Khalifa</h1>');
    expect(html).toContain('rel="stylesheet"');
    expect(html).toContain('self.__next_f.push([1,');
    expect(html).toContain('classList.add("hinted")');
  });

  it('drops every script, inline ones included', () => {
    const html = HTML_VARIANTS['no-scripts'](PAGE);
    expect(scriptTags(html)).toEqual([]);
    expect(html).toContain('<h1>Burj Khalifa</h1>');
  });

  it('drops only the payload rows, so the framework loads with nothing to hydrate', () => {
    const html = HTML_VARIANTS['no-payload'](PAGE);
    expect(html).not.toContain('self.__next_f.push([1,');
    expect(html).toContain('.push([0])');
    expect(html).toContain('<script src="/_next/static/chunks/react.js" async=""></script>');
  });

  it('moves the module scripts behind the first paint, in their order, without the legacy bundle', () => {
    const html = HTML_VARIANTS['scripts-after-first-paint'](PAGE);
    expect(html).not.toMatch(EXTERNAL_SCRIPT_TAG);
    expect(html).not.toContain('as="script"');
    const loader = html.slice(html.lastIndexOf('<script>'), html.indexOf('</body>'));
    expect(loader).toContain('requestAnimationFrame');
    expect(loader).toContain('["/_next/static/chunks/react.js","/_next/static/chunks/main.js"]');
    expect(loader).not.toContain('polyfills.js');
    expect(html.indexOf('self.__next_f.push([1,')).toBeLessThan(html.indexOf('requestAnimationFrame'));
  });
});
