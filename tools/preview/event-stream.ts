import type { ServerResponse } from 'node:http';

/** Server-Sent Events to every open popup page: the harness's stand-in for webContents.send. */
export class EventStream {
  readonly #clients = new Set<ServerResponse>();

  open(response: ServerResponse, onOpen: () => void): void {
    response.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    response.write(': connected\n\n');
    this.#clients.add(response);
    response.on('close', () => this.#clients.delete(response));
    onOpen();
  }

  /** Pages listening now: an event sent while none is goes nowhere. */
  get listeners(): number {
    return this.#clients.size;
  }

  send(event: string, payload: unknown): void {
    const frame = `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const client of this.#clients) client.write(frame);
  }

  close(): void {
    for (const client of this.#clients) client.end();
    this.#clients.clear();
  }
}
