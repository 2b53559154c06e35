import { request } from 'node:http';

/** A plain proxy request for `url` sent to a local port, as an app without a login sends it. */
export function getThrough(
  port: number,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    // A connection each (no keep-alive): a port restarted on its number must be met afresh.
    const sent = request(
      { host: '127.0.0.1', port, path: url, headers, agent: false },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}
