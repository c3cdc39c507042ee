import net from 'node:net';

/**
 * The load generator's HTTP: GET over a fixed set of keep-alive connections, one request in flight
 * on each, written as prepared bytes and read only for the status, Content-Length and the start of
 * the body. The load generator shares the two cores with the server and PostgreSQL, so every cycle
 * it spends is taken from the server's figure; this is what wrk does, without installing wrk.
 */
export class HttpLoad {
  private idle: Connection[] = [];
  private waiting: ((c: Connection) => void)[] = [];
  private all: Connection[] = [];

  constructor(
    private readonly origin: URL,
    private readonly headers: Record<string, string>,
    connections: number,
  ) {
    for (let i = 0; i < connections; i++) this.release(this.track(new Connection(origin)));
  }

  /** True when the answer is HTTP 200 and its body starts with `expectBody`. */
  async get(path: string, expectBody: string): Promise<boolean> {
    const connection = this.idle.pop() ?? (await new Promise<Connection>((resolve) => this.waiting.push(resolve)));
    try {
      const { status, head } = await connection.request(this.requestBytes(path));
      return status === 200 && head.startsWith(expectBody);
    } catch {
      // A broken connection is replaced, as a browser or wrk would.
      connection.close();
      return false;
    } finally {
      this.release(connection.closed ? this.track(new Connection(this.origin)) : connection);
    }
  }

  close(): void {
    for (const c of this.all) c.close();
  }

  private cache = new Map<string, Buffer>();
  private requestBytes(path: string): Buffer {
    let bytes = this.cache.get(path);
    if (!bytes) {
      const lines = [
        `GET ${path} HTTP/1.1`,
        `Host: ${this.origin.host}`,
        'Connection: keep-alive',
        ...Object.entries(this.headers).map(([k, v]) => `${k}: ${v}`),
      ];
      this.cache.set(path, (bytes = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`)));
    }
    return bytes;
  }

  private track(c: Connection): Connection {
    this.all.push(c);
    return c;
  }

  private release(c: Connection): void {
    const next = this.waiting.shift();
    if (next) next(c);
    else this.idle.push(c);
  }
}

const HEADER_END = Buffer.from('\r\n\r\n');

class Connection {
  closed = false;
  private socket: net.Socket;
  private buffer: Buffer = Buffer.alloc(0);
  /** An answer whose header and first body bytes are read, with the bytes of its body still to come. */
  private inBody: { status: number; head: string; left: number } | undefined;
  private pending: { resolve: (r: { status: number; head: string }) => void; reject: (e: Error) => void } | undefined;

  constructor(origin: URL) {
    this.socket = net.connect({ host: origin.hostname, port: Number(origin.port), noDelay: true });
    this.socket.on('data', (chunk) => this.onData(chunk));
    const fail = (e: Error) => {
      this.closed = true;
      this.pending?.reject(e);
      this.pending = undefined;
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('connection closed')));
  }

  request(bytes: Buffer): Promise<{ status: number; head: string }> {
    if (this.closed) return Promise.reject(new Error('connection closed'));
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(bytes);
    });
  }

  close(): void {
    this.closed = true;
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    const inBody = this.inBody;
    if (inBody) {
      // The rest of a long body is counted, not copied: appending every chunk of a 1.5 MB answer to one
      // buffer cost the load generator many copies of it, taken from the server's share of the CPU.
      if (chunk.length < inBody.left) {
        inBody.left -= chunk.length;
        return;
      }
      this.inBody = undefined;
      this.settle(inBody.status, inBody.head);
      if (chunk.length > inBody.left) this.onData(chunk.subarray(inBody.left));
      return;
    }
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : (chunk as Buffer);
    const end = this.buffer.indexOf(HEADER_END);
    if (end < 0) return;
    const header = this.buffer.toString('latin1', 0, end);
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(header);
    if (!length) {
      this.pending?.reject(new Error('answer without Content-Length'));
      this.close();
      return;
    }
    const bodyStart = end + 4;
    const total = bodyStart + Number(length[1]);
    const headEnd = Math.min(total, bodyStart + 16);
    if (this.buffer.length < headEnd) return;
    const status = Number(header.slice(9, 12));
    const head = this.buffer.toString('utf8', bodyStart, headEnd);
    if (this.buffer.length < total) {
      this.inBody = { status, head, left: total - this.buffer.length };
      this.buffer = Buffer.alloc(0);
      return;
    }
    this.buffer = this.buffer.subarray(total);
    this.settle(status, head);
  }

  private settle(status: number, head: string): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.resolve({ status, head });
  }
}
