import net from 'node:net';

/** A free TCP port on 127.0.0.1: the first free one of `range` ("55432-55499") when given, else any the system gives. */
export async function freePort(range?: string): Promise<number> {
  const bounds = /^(\d+)-(\d+)$/.exec(range ?? '');
  const ports = bounds ? Array.from({ length: Number(bounds[2]) - Number(bounds[1]) + 1 }, (_, i) => Number(bounds[1]) + i) : [0];
  for (const port of ports) {
    const found = await new Promise<number | null>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const { port: bound } = server.address() as net.AddressInfo;
        server.close(() => resolve(bound));
      });
    });
    if (found) return found;
  }
  throw new Error(`no free port in ${range}`);
}
