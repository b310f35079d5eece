/**
 * An idle keep-alive connection stays open past Node's 5 s default: a client or proxy that reuses
 * it just as the server closes it gets a reset instead of an answer (a journey test met one).
 */
import net from 'node:net';
import { expect, it } from 'vitest';
import { KEEP_ALIVE_MS } from './server';
import { listeningServer } from './test/listening-server';

const running = listeningServer();

it('keeps an idle keep-alive connection open for longer than a proxy does', async () => {
  expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
  const socket = net.connect(Number(new URL(running().ctx.selfUrl!).port), '127.0.0.1');
  let closed = false;
  socket.on('close', () => (closed = true));
  const answer = () => new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(chunk.toString('latin1'))));
  const ask = () => socket.write('GET /__probe HTTP/1.1\r\nHost: quire.test\r\n\r\n');

  let reply = answer();
  ask();
  expect(await reply).toMatch(/^HTTP\/1\.1 200/);
  await new Promise((resolve) => setTimeout(resolve, 7_000)); // Node closes at its 5 s default, give or take a second
  expect(closed).toBe(false);
  reply = answer();
  ask();
  expect(await reply).toMatch(/^HTTP\/1\.1 200/);
  socket.destroy();
}, 15_000);
