import { createServer } from 'node:net';

/** Whether a TCP port can be bound on host right now. */
export function isPortFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * n free ports from an inclusive range, starting at a random offset so test files running side by side
 * rarely race for the same port (a race shows as the simulator failing to listen).
 */
export async function pickFreePorts(
  n: number,
  host: string,
  [from, to]: [number, number],
): Promise<number[]> {
  const size = to - from + 1;
  const offset = Math.floor(Math.random() * size);
  const picked: number[] = [];
  for (let i = 0; i < size && picked.length < n; i++) {
    const port = from + ((offset + i) % size);
    if (await isPortFree(port, host)) picked.push(port);
  }
  if (picked.length < n) throw new Error(`only ${picked.length} of ${n} free ports in ${from}-${to}`);
  return picked;
}
