/*
 * Traveldesk widget embed loader. An agency pastes:
 *   <script src="https://PORTAL/embed.js" data-traveldesk-widget="WIDGET_ID" async></script>
 * and the widget's tickets appear where the script stands, in a frame served by the portal. The
 * frame reports its height by postMessage; only messages from the portal's origin and from this
 * very frame are believed. Payment never runs inside the frame: the frame opens it top-level.
 */
(function () {
  'use strict';
  var scripts = document.querySelectorAll('script[data-traveldesk-widget]:not([data-traveldesk-loaded])');
  for (var i = 0; i < scripts.length; i += 1) mount(scripts[i]);

  function mount(script) {
    script.setAttribute('data-traveldesk-loaded', '');
    var portal = new URL(script.src, window.location.href).origin;
    var src = new URL('/embedded', portal);
    src.searchParams.set('widget', script.getAttribute('data-traveldesk-widget') || '');
    // The page's host: the portal serves the frame only to a domain the widget has verified.
    src.searchParams.set('site', window.location.hostname);
    var lang = script.getAttribute('data-lang');
    if (lang === 'ru') src.pathname = '/ru/embedded';

    var frame = document.createElement('iframe');
    frame.src = src.toString();
    frame.title = script.getAttribute('data-title') || 'Tickets';
    frame.loading = 'lazy';
    frame.setAttribute('data-traveldesk-frame', '');
    frame.style.cssText = 'display:block;width:100%;min-height:320px;height:480px;border:0;overflow:hidden;';
    script.parentNode.insertBefore(frame, script.nextSibling);

    window.addEventListener('message', function (event) {
      if (event.origin !== portal || event.source !== frame.contentWindow) return;
      var data = event.data;
      if (!data || data.type !== 'traveldesk:height' || typeof data.height !== 'number') return;
      var height = Math.max(200, Math.min(Math.ceil(data.height), 20000));
      frame.style.height = height + 'px';
    });
  }
})();
