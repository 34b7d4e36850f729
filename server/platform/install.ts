import { installActionBodyLimit } from './action-body-limit';
import { installEncodedPageCache } from './encoded-page-cache';
import { installHttpDrainTracking } from './http-drain';
import { installPeerAddressHeader } from './peer-address';

/**
 * Installs the server process's patches of Node's http internals (docs/platform-workarounds.md),
 * once, before the first request (instrumentation.ts). The order matters: both later hooks wrap
 * `http.Server.prototype.emit`, and the one installed last runs first, so an action post too long
 * to read is refused before anything else looks at it.
 */
export function installPlatformPatches() {
  installEncodedPageCache();
  installPeerAddressHeader();
  installActionBodyLimit();
  // Counts the requests in flight and learns the server, for a graceful shutdown.
  installHttpDrainTracking();
}
