import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hmacHex } from '../providers/payments/signatures';

export interface FakeRazorpayRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/**
 * A local stand-in for Razorpay's Orders API (POST /v1/orders): checks HTTP Basic auth and the body the
 * way Razorpay documents it (integer amount in subunits, a currency, receipt ≤ 40 chars), answers an
 * order entity or `{ error: { code, description } }`, and records every request for the tests. GET
 * /v1/payments/:id answers the payment entity a test put there with `putPayment` (else 400, as for an unknown id).
 */
export async function startFakeRazorpay(keyId: string, keySecret: string) {
  const requests: FakeRazorpayRequest[] = [];
  let failNext: { status: number; description: string } | null = null;
  let counter = 0;
  const payments = new Map<string, Record<string, unknown>>();
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    } catch {
      return {};
    }
  };

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    requests.push({
      method: request.method ?? '',
      path: request.url ?? '',
      authorization: request.headers.authorization,
      body,
    });
    const answer = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(json));
    };
    const error = (status: number, description: string) =>
      answer(status, {
        error: { code: status === 401 ? 'BAD_REQUEST_ERROR' : 'BAD_REQUEST_ERROR', description },
      });
    const paymentPath = /^\/v1\/payments\/([^/?]+)$/.exec(request.url ?? '');
    if (request.method === 'GET' && paymentPath) {
      if (request.headers.authorization !== expectedAuth)
        return error(401, 'The api key provided is invalid');
      const payment = payments.get(decodeURIComponent(paymentPath[1]));
      return payment ? answer(200, payment) : error(400, 'The id provided does not exist');
    }
    if (request.method !== 'POST' || request.url !== '/v1/orders')
      return error(404, 'The requested URL was not found on the server.');
    if (request.headers.authorization !== expectedAuth) return error(401, 'The api key provided is invalid');
    if (failNext) {
      const { status, description } = failNext;
      failNext = null;
      return error(status, description);
    }
    const { amount, currency, receipt } = body;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100)
      return error(400, 'The amount must be an integer of at least 100.');
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
      return error(400, 'The currency is invalid.');
    if (typeof receipt !== 'string' || receipt.length > 40)
      return error(400, 'receipt: the length must be 40 or less.');
    counter += 1;
    answer(200, {
      id: `order_fake${String(counter).padStart(10, '0')}`,
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt,
      status: 'created',
      attempts: 0,
      notes: body.notes ?? {},
      created_at: Math.floor(Date.now() / 1000),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiBase: `http://127.0.0.1:${port}`,
    requests,
    /** A payment entity GET /v1/payments/:id answers (Razorpay's fields: email, contact, vpa, token_id…). */
    putPayment(id: string, fields: Record<string, unknown>) {
      payments.set(id, { id, entity: 'payment', ...fields });
    },
    /** The next order request is refused with this status and description. */
    failNext(status: number, description: string) {
      failNext = { status, description };
    },
    /** The signature Razorpay's checkout hands the browser after a successful payment. */
    paymentSignature: (orderId: string, paymentId: string) => hmacHex(keySecret, `${orderId}|${paymentId}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeRazorpay = Awaited<ReturnType<typeof startFakeRazorpay>>;
