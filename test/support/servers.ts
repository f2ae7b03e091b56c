import type { Server } from 'node:http';
import { afterEach } from 'vitest';

/**
 * The servers a test file starts, closed after each test. Hanging handlers keep connections open: they are closed
 * too, or `close()` waits forever.
 */
export function closedAfterEach(): Server[] {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map(
        (s) =>
          new Promise((r) => {
            s.close(r);
            s.closeAllConnections();
          }),
      ),
    );
  });
  return servers;
}
