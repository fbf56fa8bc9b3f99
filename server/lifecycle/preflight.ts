import { accessSync, constants, mkdirSync } from 'node:fs';
import net from 'node:net';

/**
 * Checks made before PostgreSQL starts, so a start that cannot proceed fails at once with its reason: the data
 * folder is writable and the port is free (errors carry `path` or `port`, which explainStartupError words).
 */
export async function preflight(settings: { dataDir: string; port: number; host: string }): Promise<void> {
  mkdirSync(settings.dataDir, { recursive: true });
  accessSync(settings.dataDir, constants.W_OK);
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port: settings.port, host: settings.host, exclusive: true }, () =>
      probe.close(() => resolve()),
    );
  });
}
