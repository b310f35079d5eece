/**
 * A local stand-in for an S3-compatible server, speaking just enough of the REST protocol for the
 * SDK calls of server/files/s3-bytes.ts: path-style PUT, GET (with one Range), HEAD and DELETE of
 * an object, S3's XML errors and ETags. Like S3 it checks each request's AWS Signature Version 4
 * (header form) against the test key, and the body against the sha-256 the signature covers: a
 * request the SDK did not sign, or signed with another secret, is refused.
 */
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { S3Config } from '../config';

interface StoredObject {
  bytes: Buffer;
  etag: string;
  lastModified: Date;
}

export interface S3StandIn {
  /** Settings that point S3Bytes at this stand-in. */
  config: S3Config;
  /** Objects by key, for tests to look at or tamper with. */
  objects: Map<string, StoredObject>;
  /** Every request received, in order. */
  requests: { method: string; key: string; authorization: string; range?: string }[];
  close(): Promise<void>;
}

const ACCESS_KEY_ID = 'QUIRETESTKEY';
const SECRET_ACCESS_KEY = 'quire-test-secret';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** Whether the Authorization header is a valid SigV4 signature of this request with the test secret. */
function signedCorrectly(req: http.IncomingMessage, payloadHash: string): boolean {
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
    req.headers.authorization ?? '',
  );
  const amzDate = req.headers['x-amz-date'];
  if (!m || m[1] !== ACCESS_KEY_ID || typeof amzDate !== 'string') return false;
  const [, , date, region, service, signedHeaders, signature] = m as unknown as string[];
  const [pathname = '/', query = ''] = (req.url ?? '/').split('?');
  const canonicalQuery = query
    .split('&')
    .filter(Boolean)
    .map((pair) => (pair.includes('=') ? pair : `${pair}=`))
    .sort()
    .join('&');
  const canonicalHeaders = signedHeaders!
    .split(';')
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [req.method, pathname, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET_ACCESS_KEY}`, date!), region!), service!), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign).digest('hex') === signature;
}

function xmlError(res: http.ServerResponse, status: number, code: string, message: string, key = ''): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><Key>${key}</Key><RequestId>stand-in</RequestId></Error>`;
  res.writeHead(status, { 'Content-Type': 'application/xml', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range against a size; null when unsatisfiable or malformed. */
function rangeOf(header: string, size: number): { start: number; end: number } | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') return size === 0 ? null : { start: Math.max(0, size - Number(m[2])), end: size - 1 };
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start < size && start <= end ? { start, end } : null;
}

export async function startS3StandIn(bucket = 'quire-test'): Promise<S3StandIn> {
  const objects = new Map<string, StoredObject>();
  const requests: S3StandIn['requests'] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const [, first, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const authorization = req.headers.authorization ?? '';
    requests.push({ method: req.method ?? '', key, authorization, ...(req.headers.range ? { range: req.headers.range } : {}) });

    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (!authorization.startsWith('AWS4-HMAC-SHA256 ')) {
        return xmlError(res, 403, 'AccessDenied', 'Requests must be signed with AWS Signature Version 4.', key);
      }
      const body = Buffer.concat(chunks);
      const declared = req.headers['x-amz-content-sha256'];
      if (typeof declared !== 'string' || (declared !== 'UNSIGNED-PAYLOAD' && declared !== sha256(body))) {
        return xmlError(res, 400, 'XAmzContentSHA256Mismatch', 'The body does not match its signed sha-256.', key);
      }
      if (!signedCorrectly(req, declared)) {
        return xmlError(res, 403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.', key);
      }
      if (decodeURIComponent(first ?? '') !== bucket) return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist.');
      if (!key) return xmlError(res, 501, 'NotImplemented', 'Only object requests are understood here.');

      if (req.method === 'PUT') {
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        objects.set(key, { bytes: body, etag, lastModified: new Date() });
        res.writeHead(200, { ETag: etag, 'Content-Length': 0 });
        return res.end();
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return xmlError(res, 405, 'MethodNotAllowed', 'Not supported by the stand-in.', key);

      const object = objects.get(key);
      if (!object) {
        if (req.method === 'HEAD') {
          res.writeHead(404);
          return res.end();
        }
        return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.', key);
      }
      const size = object.bytes.byteLength;
      const headers = {
        ETag: object.etag,
        'Last-Modified': object.lastModified.toUTCString(),
        'Accept-Ranges': 'bytes',
        'Content-Type': 'application/octet-stream',
      };
      const rangeHeader = req.method === 'GET' ? req.headers.range : undefined;
      if (rangeHeader) {
        const range = rangeOf(rangeHeader, size);
        if (!range) return xmlError(res, 416, 'InvalidRange', 'The requested range is not satisfiable.', key);
        res.writeHead(206, { ...headers, 'Content-Length': range.end - range.start + 1, 'Content-Range': `bytes ${range.start}-${range.end}/${size}` });
        return res.end(object.bytes.subarray(range.start, range.end + 1));
      }
      res.writeHead(200, { ...headers, 'Content-Length': size });
      return res.end(req.method === 'HEAD' ? undefined : object.bytes);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    config: { bucket, region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    objects,
    requests,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
