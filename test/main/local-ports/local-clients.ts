import { request as httpsRequest } from 'node:https';
import { connect, type Socket } from 'node:net';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { SocksClient } from 'socks';
import { SELF_SIGNED_CERT } from '../../../tools/local-network/self-signed-certificate';
import { until } from './until';

/** An HTTPS GET through the local port's HTTP side (CONNECT), trusting the tests' certificate. */
export async function httpsThroughConnect(localPort: number, url: string): Promise<string> {
  const agent = new HttpsProxyAgent(`http://127.0.0.1:${localPort}`);
  try {
    return await new Promise<string>((resolve, reject) => {
      const request = httpsRequest(url, { agent, ca: SELF_SIGNED_CERT }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });
  } finally {
    agent.destroy();
  }
}

export interface SocksLogin {
  userId: string;
  password: string;
}

/** Opens a tunnel through the local port's SOCKS5 side with the `socks` client. */
export async function socksTunnel(
  localPort: number,
  destination: { host: string; port: number },
  login?: SocksLogin,
): Promise<Socket> {
  const { socket } = await SocksClient.createConnection({
    proxy: { host: '127.0.0.1', port: localPort, type: 5, ...login },
    command: 'connect',
    destination,
    timeout: 5_000,
  });
  return socket;
}

/** A GET over a SOCKS5 tunnel, written by hand; answers the whole response (status line included). */
export async function getOverSocks(
  localPort: number,
  destination: { host: string; port: number },
  path = '/',
  login?: SocksLogin,
): Promise<string> {
  const socket = await socksTunnel(localPort, destination, login);
  const hostHeader = destination.host.includes(':') ? `[${destination.host}]` : destination.host;
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: ${hostHeader}:${destination.port}\r\nConnection: close\r\n\r\n`,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Writes `text` on a new connection and answers what came back within a moment. */
export async function rawExchange(port: number, text: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write(text);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  await until(() => Buffer.concat(chunks).includes('\r\n\r\n') || socket.destroyed);
  socket.destroy();
  return Buffer.concat(chunks).toString('utf8');
}
