import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Release {
  version: string;
  installerName: string;
  installer: Buffer;
  /** The sha512 the release information states; the installer's own by default. */
  statedSha512?: string;
}

/**
 * A release feed on 127.0.0.1 as electron-builder publishes it for the generic provider: the
 * channel file (latest.yml, latest-linux.yml, latest-mac.yml) and the installer next to it.
 */
export async function startUpdateServer() {
  const requests: string[] = [];
  let feed: { status: number; body: string } = { status: 404, body: 'Not Found' };
  let release: Release | undefined;

  const server: Server = createServer((request: IncomingMessage, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push(path);
    if (/^\/latest(-[a-z0-9-]+)?\.yml$/.test(path)) {
      response.writeHead(feed.status, { 'Content-Type': 'text/yaml' });
      return response.end(feed.body);
    }
    if (release && path === `/${release.installerName}`) {
      response.writeHead(200, {
        'Content-Type': 'application/octet-stream',
        'Content-Length': release.installer.length,
      });
      return response.end(release.installer);
    }
    response.writeHead(404, { 'Content-Type': 'text/plain' });
    response.end('Not Found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  return {
    url,
    /** Paths asked for, in order (query strings left out). */
    requests,
    /** Publishes a release: its channel file names the installer and its checksum. */
    publish(next: Release) {
      release = next;
      const sha512 = next.statedSha512 ?? sha512Of(next.installer);
      feed = {
        status: 200,
        body: [
          `version: ${next.version}`,
          'files:',
          `  - url: ${next.installerName}`,
          `    sha512: ${sha512}`,
          `    size: ${next.installer.length}`,
          `path: ${next.installerName}`,
          `sha512: ${sha512}`,
          "releaseDate: '2026-01-15T10:00:00.000Z'",
          '',
        ].join('\n'),
      };
    },
    /** Answers the channel file with anything: a server error, a broken file. */
    answerFeed(status: number, body: string) {
      feed = { status, body };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sha512Of(bytes: Buffer): string {
  return createHash('sha512').update(bytes).digest('base64');
}
