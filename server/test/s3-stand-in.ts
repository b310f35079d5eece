/**
 * A local stand-in for an S3-compatible server, speaking just enough of the REST protocol for the
 * SDK calls of server/files/s3-bytes.ts: path-style PUT, GET (with one Range), HEAD and DELETE of
 * an object, S3's XML errors and ETags. It does not verify signatures, but refuses any request
 * that is not signed the AWS4-HMAC-SHA256 way with the expected key id, and whose body does not
 * match the sha-256 the signature covers: enough to show the SDK really signed what it sent.
 */
import { createHash } from 'node:crypto';
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
      if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${ACCESS_KEY_ID}/`) || !req.headers['x-amz-date']) {
        return xmlError(res, 403, 'AccessDenied', 'Requests must be signed with AWS Signature Version 4.', key);
      }
      const body = Buffer.concat(chunks);
      const declared = req.headers['x-amz-content-sha256'];
      if (declared !== 'UNSIGNED-PAYLOAD' && declared !== createHash('sha256').update(body).digest('hex')) {
        return xmlError(res, 400, 'XAmzContentSHA256Mismatch', 'The body does not match its signed sha-256.', key);
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
    config: { bucket, region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, accessKeyId: ACCESS_KEY_ID, secretAccessKey: 'quire-test-secret' },
    objects,
    requests,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
