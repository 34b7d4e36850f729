// Variants of a Next page's HTML for `bench/lighthouse-variants.mjs`: each leaves out or moves
// one part (the framework's scripts, the inline RSC payload) so Lighthouse can tell its cost.

const EXTERNAL_SCRIPT = /<script\b[^>]*\ssrc="[^"]*"[^>]*><\/script>/g;
const SCRIPT_PRELOAD = /<link rel="preload" as="script"[^>]*>/g;
const ANY_SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/g;
// The rows of the RSC payload Next inlines after the markup (`[0]` only starts the queue).
const PAYLOAD_ROW = /<script>self\.__next_f\.push\(\[1,[\s\S]*?<\/script>/g;

/** Adds the page's module scripts only after the first frame is painted. */
export function scriptsAfterFirstPaint(html) {
  const sources = [...html.matchAll(/<script src="([^"]*)" async=""><\/script>/g)].map(([, src]) => src);
  const loader =
    `<script>requestAnimationFrame(function(){setTimeout(function(){${JSON.stringify(sources)}.forEach(function(src){` +
    `var s=document.createElement("script");s.src=src;s.async=true;document.body.appendChild(s)})},0)})</script>`;
  return html.replace(EXTERNAL_SCRIPT, '').replace(SCRIPT_PRELOAD, '').replace('</body>', `${loader}</body>`);
}

export const HTML_VARIANTS = {
  'as-served': (html) => html,
  'no-external-scripts': (html) => html.replace(EXTERNAL_SCRIPT, '').replace(SCRIPT_PRELOAD, ''),
  'no-scripts': (html) => html.replace(ANY_SCRIPT, '').replace(SCRIPT_PRELOAD, ''),
  'no-payload': (html) => html.replace(PAYLOAD_ROW, ''),
  'scripts-after-first-paint': scriptsAfterFirstPaint,
};
