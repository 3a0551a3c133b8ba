import net from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 (random port, kept across cut/restore) that a test can cut: every open
 * connection is destroyed and new ones are refused until it is restored.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  /** Connections accepted so far (to see that the pool really reconnected). */
  accepted = 0;

  constructor(private readonly targetHost: string, private readonly targetPort: number) {}

  async start(): Promise<number> {
    const server = net.createServer((client) => {
      this.accepted++;
      const upstream = net.connect(this.targetPort, this.targetHost);
      this.sockets.add(client);
      this.sockets.add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as net.AddressInfo).port;
    return this.port;
  }

  /** Stop accepting and destroy every connection: to the API, the database is gone. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await closed;
  }

  /** Accept again, on the same port. */
  restore(): Promise<number> {
    return this.start();
  }

  get connections(): number {
    return this.sockets.size / 2;
  }

  close(): Promise<void> {
    return this.cut();
  }
}
