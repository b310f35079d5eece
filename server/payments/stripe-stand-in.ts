/**
 * A local stand-in for the Stripe API calls Quire makes (Checkout Session create and expire,
 * refund create): a real HTTP server speaking Stripe's protocol (form-encoded bodies, JSON answers,
 * a repeated Idempotency-Key replays the first answer). Tests point the real SDK at it with
 * STRIPE_API_BASE; so can a developer running without a Stripe account.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface StandInRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  form: URLSearchParams;
}

export async function startStripeStandIn() {
  const requests: StandInRequest[] = [];
  const replies = new Map<string, string>();
  let n = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({ method: req.method ?? '', path, headers: req.headers, form: new URLSearchParams(body) });
      const key = req.headers['idempotency-key'];
      const replay = typeof key === 'string' ? replies.get(`${path} ${key}`) : undefined;
      const answer = replay ?? JSON.stringify(answerFor(path, new URLSearchParams(body), ++n));
      if (typeof key === 'string') replies.set(`${path} ${key}`, answer);
      res.writeHead(answer.includes('"error"') ? 404 : 200, { 'content-type': 'application/json', 'request-id': `req_${n}` });
      res.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function answerFor(path: string, form: URLSearchParams, n: number): object {
  if (path === '/v1/checkout/sessions') {
    const id = `cs_test_standin_${n}`;
    return {
      id,
      object: 'checkout.session',
      url: `https://checkout.stripe.test/c/pay/${id}`,
      client_reference_id: form.get('client_reference_id'),
      payment_status: 'unpaid',
    };
  }
  const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
  if (expire) return { id: expire[1], object: 'checkout.session', status: 'expired', payment_status: 'unpaid' };
  if (path === '/v1/refunds') {
    return { id: `re_standin_${n}`, object: 'refund', amount: Number(form.get('amount')), payment_intent: form.get('payment_intent'), status: 'succeeded' };
  }
  return { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path}).` } };
}
